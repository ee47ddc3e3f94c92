import ByteCoding

extension RedisConfiguration {
    /// Parses `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS). User and password
    /// are percent-decoded; the port defaults to 6379 and the database to 0. IPv6 hosts go in
    /// brackets. Anything else (another scheme, a query, a path that is not a number) is refused.
    public init(url: String) throws(URLError) {
        guard let separator = url.firstRange(of: "://") else { throw .unsupportedScheme(url.prefix { $0 != ":" }.description) }
        let scheme = url[..<separator.lowerBound].lowercased()
        let usesTLS: Bool
        switch scheme {
        case "redis": usesTLS = false
        case "rediss": usesTLS = true
        default: throw .unsupportedScheme(String(url[..<separator.lowerBound]))
        }
        var rest = url[separator.upperBound...]
        if rest.contains("#") { throw .unsupportedComponent("fragment") }
        if rest.contains("?") { throw .unsupportedComponent("query") }

        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }

        var username: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                username = try Self.percentDecoded(userInfo[..<colon])
                password = try Self.percentDecoded(userInfo[userInfo.index(after: colon)...])
            } else {
                username = try Self.percentDecoded(userInfo)
            }
            if username?.isEmpty == true { username = nil }
        }

        let (host, port) = try Self.hostAndPort(rest)
        var database = 0
        if !path.isEmpty {
            guard path.count <= 5, path.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(path) else {
                throw .invalidDatabase(String(path))
            }
            database = number
        }
        self.init(host: host, port: port, username: username, password: password, database: database, usesTLS: usesTLS)
    }

    private static func hostAndPort(_ authority: Substring) throws(URLError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidHost(String(authority)) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidHost(String(authority)) }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw .invalidHost(String(host))
            }
        } else {
            host = authority
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            }
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }) else {
                throw .invalidHost(String(host))
            }
        }
        guard !host.isEmpty else { throw .missingHost }
        var port = 6379
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(portText), (1...65535).contains(number)
            else { throw .invalidPort(String(portText)) }
            port = number
        }
        return (String(host), port)
    }

    /// User and password as written in the URL, `%XX` escapes decoded (strictly: a broken escape
    /// or bytes that are not UTF-8 are refused).
    private static func percentDecoded(_ text: Substring) throws(URLError) -> String {
        guard let decoded = PercentDecoding.decodeText(text) else { throw .invalidPercentEncoding }
        return decoded
    }
}

extension HTTPRequestParser {
    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3), single spaces only.
    mutating func parseRequestLine(_ range: Range<Int>) throws(HTTPParseError) {
        let line = buffer[range]
        guard let firstSpace = line.firstIndex(of: ASCII.space),
            let lastSpace = line.lastIndex(of: ASCII.space),
            firstSpace < lastSpace
        else { throw .badRequest("malformed request line") }
        let method = line[..<firstSpace]
        let target = line[(firstSpace + 1)..<lastSpace]
        let version = line[(lastSpace + 1)...]

        guard ASCII.isToken(method) else { throw .badRequest("invalid method") }
        let parsedMethod = HTTPMethod(rawValue: String(decoding: method, as: UTF8.self))
        guard let parsedVersion = HTTPRequestParser.parseVersion(version) else {
            throw .badRequest("malformed HTTP version")
        }
        try HTTPRequestParser.validateTarget(target, method: parsedMethod)
        guard parsedVersion == .http1_1 || parsedVersion == .http1_0 else {
            throw HTTPParseError(status: .httpVersionNotSupported, reason: "unsupported HTTP version")
        }
        pending.method = parsedMethod
        pending.target = String(decoding: target, as: UTF8.self)
        pending.version = parsedVersion
    }

    /// HTTP-version = "HTTP" "/" DIGIT "." DIGIT, case-sensitive.
    static func parseVersion(_ bytes: ArraySlice<UInt8>) -> HTTPVersion? {
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8) else { return nil }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        guard ASCII.isDigit(major), dot == UInt8(ascii: "."), ASCII.isDigit(minor) else { return nil }
        return HTTPVersion(major: Int(major - 0x30), minor: Int(minor - 0x30))
    }

    /// Accepts origin-form, absolute-form (http/https), authority-form for CONNECT and `*` for OPTIONS
    /// (RFC 9112 §3.2), made of URI characters with well-formed percent escapes; no fragment.
    static func validateTarget(_ target: ArraySlice<UInt8>, method: HTTPMethod) throws(HTTPParseError) {
        guard let first = target.first else { throw .badRequest("empty request target") }
        if target.count == 1 && first == UInt8(ascii: "*") {
            guard method == .options else { throw .badRequest("asterisk-form target needs OPTIONS") }
            return
        }
        let allowsBrackets: Bool
        if first == ASCII.slash {
            allowsBrackets = false
        } else if method == .connect {
            guard !target.contains(ASCII.slash), !target.contains(ASCII.question) else {
                throw .badRequest("malformed authority-form target")
            }
            allowsBrackets = true
        } else {
            guard let colon = target.firstIndex(of: ASCII.colon),
                isHTTPScheme(target[..<colon]),
                target[(colon + 1)...].starts(with: "//".utf8)
            else { throw .badRequest("malformed request target") }
            allowsBrackets = true
        }
        // The table is a lazily made global: read once here, not through its accessor per byte.
        let allowed = targetCharacters
        var index = target.startIndex
        while index < target.endIndex {
            let byte = target[index]
            if byte == ASCII.percent {
                guard index + 2 < target.endIndex,
                    ASCII.hexValue(target[index + 1]) != nil,
                    ASCII.hexValue(target[index + 2]) != nil
                else { throw .badRequest("invalid percent escape in request target") }
                index += 3
                continue
            }
            let isBracket = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            guard allowed.contains(byte) || (allowsBrackets && isBracket) else {
                throw .badRequest("invalid character in request target")
            }
            index += 1
        }
    }

    private static func isHTTPScheme(_ scheme: ArraySlice<UInt8>) -> Bool {
        ASCII.caseInsensitiveEquals(scheme, "http") || ASCII.caseInsensitiveEquals(scheme, "https")
    }

    /// pchar plus `/` and `?`, without `%` (escapes are checked on their own).
    private static let targetCharacters = PercentEncoding.Allowed(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?")
}

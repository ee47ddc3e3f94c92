/// `scheme://host[:port]` for http and https, with nothing after it: the configured public address
/// of a site, from which absolute URLs (redirects, links in mails) are built instead of trusting
/// the request's Host header. Hosts are checked as DNS names, IPv4 or bracketed IPv6 literals.
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    /// "http" or "https".
    public let scheme: String
    /// Lowercased name, IPv4 address, or IPv6 literal in brackets.
    public let host: String
    /// nil for the scheme's default port.
    public let port: Int?

    /// Parses an origin, allowing one trailing `/`; nil for any other scheme, userinfo, path,
    /// query or fragment, and for a malformed host or port.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https"
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
        } else {
            return nil
        }
        var authority = text.dropFirst(scheme.count + 3)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard let (host, port) = Self.authority(authority) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port == (scheme == "https" ? 443 : 80) ? nil : port
    }

    /// The origin as a URL prefix, without a trailing slash: `https://example.com:8443`.
    public var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// `uri-host [ ":" port ]` as a Host header carries it: a DNS name (labels of letters, digits
    /// and inner hyphens), an IPv4 address, or a bracketed IPv6 address, and a port from 1 to 65535.
    /// Returns the lowercased host and the port, or nil.
    public static func authority(_ text: some StringProtocol) -> (host: String, port: Int?)? {
        let text = Substring(text)
        let hostPart: Substring
        let portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[...close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portPart = rest.isEmpty ? nil : rest.dropFirst()
            guard isIPv6(hostPart.dropFirst().dropLast()) else { return nil }
        } else {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = parts[0]
            portPart = parts.count == 2 ? parts[1] : nil
            guard isDNSName(hostPart) else { return nil }
        }
        var port: Int?
        if let portPart {
            guard !portPart.isEmpty, portPart.utf8.count <= 5, portPart.utf8.allSatisfy(ASCII.isDigit),
                  let number = Int(portPart), (1...65535).contains(number)
            else { return nil }
            port = number
        }
        return (hostPart.lowercased(), port)
    }

    /// Dot-separated labels of 1–63 letters, digits and hyphens, no label starting or ending with a
    /// hyphen, 253 bytes at most (which covers dotted IPv4 too).
    private static func isDNSName(_ name: Substring) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
            return first != UInt8(ascii: "-") && last != UInt8(ascii: "-") && label.allSatisfy { byte in
                ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
        }
    }

    /// RFC 4291 text form: up to eight groups of 1–4 hex digits, at most one `::`, optionally ending
    /// in a dotted IPv4 address that stands for two groups.
    private static func isIPv6(_ literal: Substring) -> Bool {
        guard literal.utf8.count >= 2, literal.utf8.count <= 45 else { return false }
        let compressions = literal.ranges(of: "::")
        guard compressions.count <= 1 else { return false }
        func groups(_ part: Substring) -> [Substring] {
            part.isEmpty ? [] : part.split(separator: ":", omittingEmptySubsequences: false)
        }
        let (left, right): ([Substring], [Substring]) =
            if let compression = compressions.first {
                (groups(literal[..<compression.lowerBound]), groups(literal[compression.upperBound...]))
            } else {
                ([], groups(literal))
            }
        var tail = right.isEmpty ? left : right
        var width = left.count + right.count
        if let last = tail.last, last.contains(".") {
            guard isIPv4(last) else { return false }
            tail.removeLast()
            width += 1
            if right.isEmpty { return false }  // an IPv4 tail must end the address
        }
        let hexGroups = (right.isEmpty ? [] : left) + tail
        guard hexGroups.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.utf8.allSatisfy { ASCII.hexValue($0) != nil } })
        else { return false }
        return compressions.isEmpty ? width == 8 : width <= 7
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            !octet.isEmpty && octet.utf8.count <= 3 && octet.utf8.allSatisfy(ASCII.isDigit) && Int(octet)! <= 255
        }
    }
}

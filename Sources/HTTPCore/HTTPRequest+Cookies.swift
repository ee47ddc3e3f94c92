extension HTTPRequest {
    /// Cookies from every `Cookie` header (RFC 6265 §4.2); malformed pairs are skipped and, for a
    /// repeated name, the first wins (browsers send the most specific cookie first). Values are raw.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for header in headers.values(for: "Cookie") {
            for pair in header.utf8.split(separator: ASCII.semicolon) {
                guard let (name, value) = HTTPRequest.cookiePair(pair), cookies[name] == nil else { continue }
                cookies[name] = value
            }
        }
        return cookies
    }

    /// The value of the cookie `name`, by the same rules as `cookies`, without collecting the
    /// others: what a server asks on every request.
    public func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            for pair in header.utf8.split(separator: ASCII.semicolon) {
                if let (found, value) = HTTPRequest.cookiePair(pair), found == name { return value }
            }
        }
        return nil
    }

    private static func cookiePair(_ pair: Substring.UTF8View.SubSequence) -> (String, String)? {
        guard let equals = pair.firstIndex(of: ASCII.equals) else { return nil }
        let name = trimmed(pair[..<equals])
        var value = trimmed(pair[pair.index(after: equals)...])
        guard ASCII.isToken(name) else { return nil }
        if value.count >= 2, value.first == ASCII.quote, value.last == ASCII.quote {
            value = value.dropFirst().dropLast()
        }
        guard value.allSatisfy(SetCookie.isCookieOctet) else { return nil }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, ASCII.isWhitespace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, ASCII.isWhitespace(last) { bytes = bytes.dropLast() }
        return bytes
    }
}

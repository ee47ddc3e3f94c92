extension HTTPRequest {
    /// Cookies from every `Cookie` header (RFC 6265 §4.2); malformed pairs are skipped and, for a
    /// repeated name, the first wins (browsers send the most specific cookie first). Values are raw.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        forEachCookie { name, value in
            if cookies[name] == nil { cookies[name] = value }
            return false
        }
        return cookies
    }

    /// The value of the cookie `name`, by the same rules as `cookies`, without collecting the
    /// others: what a server asks on every request.
    public func cookie(_ name: String) -> String? {
        var found: String?
        forEachCookie { candidate, value in
            guard candidate == name else { return false }
            found = value
            return true
        }
        return found
    }

    /// Calls `body` with each well-formed pair in order until it returns true. Pairs are read over
    /// the headers' bytes in place.
    private func forEachCookie(_ body: (String, String) -> Bool) {
        for field in headers where ASCII.caseInsensitiveEquals(field.name, "Cookie") {
            var header = field.value
            let stop = header.withUTF8 { bytes in
                bytes.split(separator: ASCII.semicolon).contains { pair in
                    guard let (name, value) = Self.cookiePair(pair) else { return false }
                    return body(name, value)
                }
            }
            if stop { return }
        }
    }

    private static func cookiePair(_ pair: Slice<UnsafeBufferPointer<UInt8>>) -> (String, String)? {
        guard let equals = pair.firstIndex(of: ASCII.equals) else { return nil }
        let name = trimmed(pair[..<equals])
        var value = trimmed(pair[(equals + 1)...])
        guard ASCII.isToken(name) else { return nil }
        if value.count >= 2, value.first == ASCII.quote, value.last == ASCII.quote {
            value = value.dropFirst().dropLast()
        }
        guard value.allSatisfy(SetCookie.isCookieOctet) else { return nil }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var bytes = bytes
        while let first = bytes.first, ASCII.isWhitespace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, ASCII.isWhitespace(last) { bytes = bytes.dropLast() }
        return bytes
    }
}

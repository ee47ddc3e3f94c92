extension HTTPRequest {
    /// Cookies from every `Cookie` header (RFC 6265 §4.2); malformed pairs are skipped and, for a
    /// repeated name, the first wins (browsers send the most specific cookie first). Values are raw.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        forEachCookie { name, value in
            let name = String(decoding: name, as: UTF8.self)
            if cookies[name] == nil { cookies[name] = String(decoding: value, as: UTF8.self) }
            return false
        }
        return cookies
    }

    /// The value of the cookie `name`, by the same rules as `cookies`, without collecting the
    /// others: what a server asks on every request. Names are compared as bytes (a cookie name is
    /// a token, ASCII), and only the value found becomes a String.
    public func cookie(_ name: String) -> String? {
        var wanted = name
        return wanted.withUTF8 { wanted in
            // A name with non-ASCII characters is compared as a String, as before: Unicode
            // equivalence can make one equal to an ASCII name (K and the Kelvin sign).
            let isASCII = wanted.allSatisfy { $0 < 0x80 }
            var found: String?
            forEachCookie { candidate, value in
                let matches = isASCII
                    ? ASCII.sameBytes(UnsafeRawBufferPointer(candidate), UnsafeRawBufferPointer(wanted))
                    : String(decoding: candidate, as: UTF8.self) == name
                guard matches else { return false }
                found = String(decoding: value, as: UTF8.self)
                return true
            }
            return found
        }
    }

    /// Calls `body` with each well-formed pair's name and value bytes, in order, until it returns
    /// true. Pairs are read over the headers' bytes in place: no field copied, no list of pairs
    /// made, and each byte looked at through the buffer without a bounds check.
    private func forEachCookie(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        headers.forEachValue(of: "Cookie") { value in
            var header = value
            let stop = header.withUTF8 { bytes in
                var start = 0
                while start <= bytes.count {
                    var end = start
                    while end < bytes.count && bytes[end] != ASCII.semicolon { end += 1 }
                    if let (name, value) = Self.cookiePair(in: bytes, start..<end),
                       body(UnsafeBufferPointer(rebasing: bytes[name]), UnsafeBufferPointer(rebasing: bytes[value])) {
                        return true
                    }
                    start = end + 1
                }
                return false
            }
            return !stop
        }
    }

    /// The name and value of the pair at `pair`, trimmed and unquoted; nil when the name is not a
    /// token or the value holds a byte cookies may not (RFC 6265 §4.1.1).
    private static func cookiePair(
        in bytes: UnsafeBufferPointer<UInt8>, _ pair: Range<Int>
    ) -> (name: Range<Int>, value: Range<Int>)? {
        var equals = pair.lowerBound
        while equals < pair.upperBound && bytes[equals] != ASCII.equals { equals += 1 }
        guard equals < pair.upperBound else { return nil }
        let name = trimmed(pair.lowerBound..<equals, in: bytes)
        var value = trimmed((equals + 1)..<pair.upperBound, in: bytes)
        guard !name.isEmpty, name.allSatisfy({ ASCII.isTokenCharacter(bytes[$0]) }) else { return nil }
        if value.count >= 2, bytes[value.lowerBound] == ASCII.quote, bytes[value.upperBound - 1] == ASCII.quote {
            value = (value.lowerBound + 1)..<(value.upperBound - 1)
        }
        guard value.allSatisfy({ isCookieOctet(bytes[$0]) }) else { return nil }
        return (name, value)
    }

    /// `SetCookie.isCookieOctet` as bits (0x21, 0x23-0x2B, 0x2D-0x3A, 0x3C-0x5B, 0x5D-0x7E): asked
    /// of every byte of every cookie value of every request.
    @inline(__always)
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        ASCII.isIn(byte, low: 0xF7FF_EFFA_0000_0000, high: 0x7FFF_FFFF_EFFF_FFFF)
    }

    private static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end && ASCII.isWhitespace(bytes[start]) { start += 1 }
        while end > start && ASCII.isWhitespace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }
}

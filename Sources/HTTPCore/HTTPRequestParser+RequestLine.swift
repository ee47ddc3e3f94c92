extension HTTPRequestParser {
    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3), single spaces only.
    mutating func parseRequestLine(_ range: Range<Int>) throws(HTTPParseError) {
        // The first and last spaces, found by an unchecked scan from each end.
        let spaces = buffer.withUnsafeBufferPointer { bytes -> (first: Int, last: Int)? in
            var first = range.lowerBound
            while first < range.upperBound && bytes[first] != ASCII.space { first += 1 }
            var last = range.upperBound - 1
            while last > first && bytes[last] != ASCII.space { last -= 1 }
            return first < last ? (first, last) : nil
        }
        guard let (firstSpace, lastSpace) = spaces else { throw .badRequest("malformed request line") }
        let line = buffer[range]
        let method = line[..<firstSpace]
        let target = line[(firstSpace + 1)..<lastSpace]
        let version = line[(lastSpace + 1)...]

        guard ASCII.isToken(method) else { throw .badRequest("invalid method") }
        let parsedMethod = HTTPRequestParser.method(method)
        guard let parsedVersion = HTTPRequestParser.parseVersion(version) else {
            throw .badRequest("malformed HTTP version")
        }
        let isPath = try HTTPRequestParser.validateTarget(target, method: parsedMethod)
        guard parsedVersion == .http1_1 || parsedVersion == .http1_0 else {
            throw HTTPParseError(status: .httpVersionNotSupported, reason: "unsupported HTTP version")
        }
        pending.method = parsedMethod
        // The previous request's target when it is the same (a reload, a poll): compared, not decoded.
        pending.target = remembered(target, at: 0).string
        // origin-form without a query, most requests: the target is the path, as `HTTPRequest`
        // would find by scanning the string again.
        pending.targetIsPath = isPath
        pending.version = parsedVersion
    }

    /// The method of a token: GET, HEAD and POST are the kept constants, matched on their bytes
    /// (no String made and dropped per request); any other is decoded.
    static func method(_ token: ArraySlice<UInt8>) -> HTTPMethod {
        let start = token.startIndex
        switch token.count {
        case 3 where token[start] == UInt8(ascii: "G") && token[start + 1] == UInt8(ascii: "E")
            && token[start + 2] == UInt8(ascii: "T"):
            return .get
        case 4 where token[start + 1] == UInt8(ascii: "O") && token[start] == UInt8(ascii: "P")
            && token[start + 2] == UInt8(ascii: "S") && token[start + 3] == UInt8(ascii: "T"):
            return .post
        case 4 where token[start] == UInt8(ascii: "H") && token[start + 1] == UInt8(ascii: "E")
            && token[start + 2] == UInt8(ascii: "A") && token[start + 3] == UInt8(ascii: "D"):
            return .head
        default:
            return HTTPMethod(rawValue: String(decoding: token, as: UTF8.self))
        }
    }

    /// HTTP-version = "HTTP" "/" DIGIT "." DIGIT, case-sensitive.
    static func parseVersion(_ bytes: ArraySlice<UInt8>) -> HTTPVersion? {
        // Byte by byte: the generic `starts(with:)` over a UTF-8 view costs more than the rest of the line.
        let start = bytes.startIndex
        guard bytes.count == 8, bytes[start] == UInt8(ascii: "H"), bytes[start + 1] == UInt8(ascii: "T"),
              bytes[start + 2] == UInt8(ascii: "T"), bytes[start + 3] == UInt8(ascii: "P"),
              bytes[start + 4] == ASCII.slash
        else { return nil }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        guard ASCII.isDigit(major), dot == UInt8(ascii: "."), ASCII.isDigit(minor) else { return nil }
        return HTTPVersion(major: Int(major - 0x30), minor: Int(minor - 0x30))
    }

    /// Accepts origin-form, absolute-form (http/https), authority-form for CONNECT and `*` for OPTIONS
    /// (RFC 9112 §3.2), made of URI characters with well-formed percent escapes; no fragment.
    /// Returns whether the target is its own path: origin-form without a query.
    static func validateTarget(_ target: ArraySlice<UInt8>, method: HTTPMethod) throws(HTTPParseError) -> Bool {
        guard let first = target.first else { throw .badRequest("empty request target") }
        if target.count == 1 && first == UInt8(ascii: "*") {
            guard method == .options else { throw .badRequest("asterisk-form target needs OPTIONS") }
            return false
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
        // One pass over the bytes with no bounds checks; an ordinary byte costs a bit test.
        let verdict = target.withUnsafeBufferPointer { bytes -> TargetScan in
            var sawQuestion = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isTargetCharacter(byte) {
                    if byte == ASCII.question { sawQuestion = true }
                    index += 1
                    continue
                }
                if byte == ASCII.percent {
                    guard index + 2 < bytes.count,
                        ASCII.hexValue(bytes[index + 1]) != nil,
                        ASCII.hexValue(bytes[index + 2]) != nil
                    else { return .badEscape }
                    index += 3
                    continue
                }
                let isBracket = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                guard allowsBrackets && isBracket else { return .badCharacter }
                index += 1
            }
            return sawQuestion ? .valid : .validWithoutQuery
        }
        switch verdict {
        case .validWithoutQuery: return first == ASCII.slash
        case .valid: return false
        case .badEscape: throw .badRequest("invalid percent escape in request target")
        case .badCharacter: throw .badRequest("invalid character in request target")
        }
    }

    private enum TargetScan {
        case validWithoutQuery
        case valid
        case badEscape
        case badCharacter
    }

    /// pchar plus `/` and `?`, without `%` (escapes are checked on their own): a bit per ASCII byte,
    /// the set `A-Za-z0-9-._~!$&'()*+,;=:@/?`, tested in a few instructions for every target byte.
    @inline(__always)
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        ASCII.isIn(byte, low: 0xAFFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    private static func isHTTPScheme(_ scheme: ArraySlice<UInt8>) -> Bool {
        ASCII.caseInsensitiveEquals(scheme, "http") || ASCII.caseInsensitiveEquals(scheme, "https")
    }
}

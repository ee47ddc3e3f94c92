extension HTTPRequestParser {
    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3), single spaces only.
    mutating func parseRequestLine(_ range: Range<Int>) throws(HTTPParseError) {
        // The line's shape in one pass through its bytes, unchecked: the first and last spaces
        // (found from each end), whether the method is a token, and the version.
        let shape = buffer.withUnsafeBufferPointer { bytes -> RequestLineShape? in
            var first = range.lowerBound
            while first < range.upperBound && bytes[first] != ASCII.space { first += 1 }
            var last = range.upperBound - 1
            while last > first && bytes[last] != ASCII.space { last -= 1 }
            guard first < last else { return nil }
            var methodIsToken = first > range.lowerBound
            for index in range.lowerBound..<first where !ASCII.isTokenCharacter(bytes[index]) { methodIsToken = false }
            let version = HTTPRequestParser.parseVersion(UnsafeBufferPointer(rebasing: bytes[(last + 1)..<range.upperBound]))
            return RequestLineShape(firstSpace: first, lastSpace: last, methodIsToken: methodIsToken, version: version)
        }
        guard let shape else { throw .badRequest("malformed request line") }
        guard shape.methodIsToken else { throw .badRequest("invalid method") }
        let parsedMethod = HTTPRequestParser.method(buffer[range.lowerBound..<shape.firstSpace])
        guard let parsedVersion = shape.version else { throw .badRequest("malformed HTTP version") }
        let target = buffer[(shape.firstSpace + 1)..<shape.lastSpace]
        let isPath = try HTTPRequestParser.validateTarget(target, method: parsedMethod)
        guard parsedVersion == .http1_1 || parsedVersion == .http1_0 else {
            throw HTTPParseError(status: .httpVersionNotSupported, reason: "unsupported HTTP version")
        }
        pending.method = parsedMethod
        // The previous request's target when it is the same (a reload, a poll): compared, not decoded.
        pending.target = target.withUnsafeBufferPointer { remembered($0, at: 0).string }
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

    private struct RequestLineShape {
        var firstSpace: Int
        var lastSpace: Int
        var methodIsToken: Bool
        /// nil when malformed.
        var version: HTTPVersion?
    }

    /// HTTP-version = "HTTP" "/" DIGIT "." DIGIT, case-sensitive.
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPVersion? {
        // Byte by byte: the generic `starts(with:)` over a UTF-8 view costs more than the rest of the line.
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
              bytes[2] == UInt8(ascii: "T"), bytes[3] == UInt8(ascii: "P"), bytes[4] == ASCII.slash
        else { return nil }
        let major = bytes[5]
        let dot = bytes[6]
        let minor = bytes[7]
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
                // `?` is left out of the set so the common bytes pass one test; it is noted here.
                if isTargetCharacter(byte) {
                    index += 1
                    continue
                }
                if byte == ASCII.question {
                    sawQuestion = true
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

    /// pchar plus `/`, without `%` (escapes are checked on their own) and `?` (noted on its own):
    /// a bit per ASCII byte, the set `A-Za-z0-9-._~!$&'()*+,;=:@/`, tested in a few instructions
    /// for every target byte.
    @inline(__always)
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        ASCII.isIn(byte, low: 0x2FFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    private static func isHTTPScheme(_ scheme: ArraySlice<UInt8>) -> Bool {
        ASCII.caseInsensitiveEquals(scheme, "http") || ASCII.caseInsensitiveEquals(scheme, "https")
    }
}

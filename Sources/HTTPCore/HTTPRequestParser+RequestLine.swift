extension HTTPRequestParser {
    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3), single spaces only.
    mutating func parseRequestLine(_ range: Range<Int>) throws(HTTPParseError) {
        // Read through a pointer from a local reference to the buffer, so the parser's other
        // properties can change meanwhile: slices of the buffer would each take a reference.
        let line = buffer
        try line.withUnsafeBufferPointer { bytes throws(HTTPParseError) in
            // The first and last spaces, found from each end.
            var first = range.lowerBound
            while first < range.upperBound && bytes[first] != ASCII.space { first += 1 }
            var last = range.upperBound - 1
            while last > first && bytes[last] != ASCII.space { last -= 1 }
            guard first < last else { throw .badRequest("malformed request line") }
            let method = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<first])
            guard !method.isEmpty, method.allSatisfy(ASCII.isTokenCharacter) else { throw .badRequest("invalid method") }
            let parsedMethod = HTTPRequestParser.method(method)
            guard let version = HTTPRequestParser.parseVersion(UnsafeBufferPointer(rebasing: bytes[(last + 1)..<range.upperBound]))
            else { throw .badRequest("malformed HTTP version") }
            let target = UnsafeBufferPointer(rebasing: bytes[(first + 1)..<last])
            let isPath = try HTTPRequestParser.validateTarget(target, method: parsedMethod)
            guard version == .http1_1 || version == .http1_0 else {
                throw HTTPParseError(status: .httpVersionNotSupported, reason: "unsupported HTTP version")
            }
            pending.method = parsedMethod
            // The previous request's target when it is the same (a reload, a poll): compared, not decoded.
            pending.target = remembered(target, at: 0).string
            // origin-form without a query, most requests: the target is the path, as `HTTPRequest`
            // would find by scanning the string again.
            pending.targetIsPath = isPath
            pending.version = version
        }
    }

    /// The method of a token: GET, HEAD and POST are the kept constants, matched on their bytes
    /// (no String made and dropped per request); any other is decoded.
    static func method(_ token: UnsafeBufferPointer<UInt8>) -> HTTPMethod {
        switch token.count {
        case 3 where token[0] == UInt8(ascii: "G") && token[1] == UInt8(ascii: "E") && token[2] == UInt8(ascii: "T"):
            return .get
        case 4 where token[1] == UInt8(ascii: "O") && token[0] == UInt8(ascii: "P")
            && token[2] == UInt8(ascii: "S") && token[3] == UInt8(ascii: "T"):
            return .post
        case 4 where token[0] == UInt8(ascii: "H") && token[1] == UInt8(ascii: "E")
            && token[2] == UInt8(ascii: "A") && token[3] == UInt8(ascii: "D"):
            return .head
        default:
            return HTTPMethod(rawValue: String(decoding: token, as: UTF8.self))
        }
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
    static func validateTarget(_ target: UnsafeBufferPointer<UInt8>, method: HTTPMethod) throws(HTTPParseError) -> Bool {
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
        switch scanTarget(target, allowsBrackets: allowsBrackets) {
        case .validWithoutQuery: return first == ASCII.slash
        case .valid: return false
        case .badEscape: throw .badRequest("invalid percent escape in request target")
        case .badCharacter: throw .badRequest("invalid character in request target")
        }
    }

    /// The target's characters and escapes, in one pass with no bounds checks: an ordinary byte
    /// costs a bit test.
    private static func scanTarget(_ bytes: UnsafeBufferPointer<UInt8>, allowsBrackets: Bool) -> TargetScan {
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

    private static func isHTTPScheme(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        ASCII.caseInsensitiveEquals(scheme, "http") || ASCII.caseInsensitiveEquals(scheme, "https")
    }
}

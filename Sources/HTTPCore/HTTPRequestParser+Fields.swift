extension HTTPRequestParser {
    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5); returns name and trimmed value.
    static func splitFieldLine(
        _ range: Range<Int>, in buffer: [UInt8]
    ) throws(HTTPParseError) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        let line = buffer[range]
        guard let first = line.first else { throw .badRequest("empty field line") }
        guard !ASCII.isWhitespace(first) else { throw .badRequest("obsolete line folding") }
        guard let colon = line.firstIndex(of: ASCII.colon) else { throw .badRequest("field line without colon") }
        let name = line[..<colon]
        if let last = name.last, ASCII.isWhitespace(last) {
            throw .badRequest("whitespace between field name and colon")
        }
        guard ASCII.isToken(name) else { throw .badRequest("invalid field name") }
        var value = line[(colon + 1)...]
        while let byte = value.first, ASCII.isWhitespace(byte) { value = value.dropFirst() }
        while let byte = value.last, ASCII.isWhitespace(byte) { value = value.dropLast() }
        // The serializer's test of the same bytes (field-vchar, SP, HTAB), a word at a time.
        guard value.withUnsafeBufferPointer(HTTPResponseSerializer.hasOnlySafeValueBytes) else {
            throw .badRequest("invalid character in field value")
        }
        return (name, value)
    }

    func splitFieldLine(_ range: Range<Int>) throws(HTTPParseError) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        try HTTPRequestParser.splitFieldLine(range, in: buffer)
    }

    /// Records a header and applies the fields that decide framing as soon as they are seen.
    mutating func parseHeaderLine(_ range: Range<Int>) throws(HTTPParseError) {
        let (name, value) = try splitFieldLine(range)
        // Only four names matter to framing; their lengths rule out every other name at once.
        switch name.count {
        case 4, 6, 14, 17: break
        default:
            return recordField(name, value)
        }
        if ASCII.caseInsensitiveEquals(name, "content-length") {
            try recordContentLength(value)
        } else if ASCII.caseInsensitiveEquals(name, "transfer-encoding") {
            let codings = ASCII.listElements(String(decoding: value, as: UTF8.self))
            guard !codings.isEmpty else { throw .badRequest("empty Transfer-Encoding") }
            pending.transferEncoding.append(contentsOf: codings)
        } else if ASCII.caseInsensitiveEquals(name, "host") {
            pending.hostCount += 1
            guard pending.hostCount == 1 else { throw .badRequest("more than one Host header") }
            // RFC 9112 §3.2: an http(s) target always has an authority, so an empty Host names nothing.
            // HTTP/1.0 may leave Host out (as before), but one that is sent must name a host.
            guard !value.isEmpty else { throw .badRequest("empty Host header") }
            guard value.allSatisfy(HTTPRequestParser.hostCharacters.contains) else {
                throw .badRequest("invalid Host header")
            }
        } else if ASCII.caseInsensitiveEquals(name, "expect") {
            if ASCII.caseInsensitiveEquals(value, "100-continue") { pending.expectsContinue = true }
        }
        recordField(name, value)
    }

    private mutating func recordField(_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) {
        if pending.headers.isEmpty { pending.headers.reserveCapacity(16) }
        pending.headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Content-Length = 1*DIGIT, once. Too large is known here, before a byte of body arrives.
    private mutating func recordContentLength(_ value: ArraySlice<UInt8>) throws(HTTPParseError) {
        guard pending.contentLength == nil else { throw .badRequest("duplicate Content-Length") }
        guard !value.isEmpty, value.allSatisfy(ASCII.isDigit) else { throw .badRequest("invalid Content-Length") }
        var length = 0
        for digit in value {
            let (shifted, overflow) = length.multipliedReportingOverflow(by: 10)
            length = shifted &+ Int(digit - 0x30)
            if overflow || length > limits.maxBodyBytes || length < 0 {
                throw HTTPParseError(status: .payloadTooLarge, reason: "body too large")
            }
        }
        pending.contentLength = length
    }

    /// uri-host [ ":" port ]: reg-name, IP literals and ports are made of these.
    private static let hostCharacters = PercentEncoding.Allowed(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:[]%")
}

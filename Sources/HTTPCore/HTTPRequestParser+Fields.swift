extension HTTPRequestParser {
    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5); returns name and trimmed value.
    static func splitFieldLine(
        _ range: Range<Int>, in buffer: [UInt8]
    ) throws(HTTPParseError) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        // One pass over the buffer's bytes (every field of every request), checks in the order
        // their reasons are given: the first that fails names the error.
        let split = buffer.withUnsafeBufferPointer { bytes -> FieldLineSplit in
            let start = range.lowerBound
            let end = range.upperBound
            guard start < end else { return .failed("empty field line") }
            guard !ASCII.isWhitespace(bytes[start]) else { return .failed("obsolete line folding") }
            var colon = start
            while colon < end && bytes[colon] != ASCII.colon { colon += 1 }
            guard colon < end else { return .failed("field line without colon") }
            if colon > start && ASCII.isWhitespace(bytes[colon - 1]) {
                return .failed("whitespace between field name and colon")
            }
            guard colon > start, (start..<colon).allSatisfy({ ASCII.isTokenCharacter(bytes[$0]) }) else {
                return .failed("invalid field name")
            }
            var valueStart = colon + 1
            var valueEnd = end
            while valueStart < valueEnd && ASCII.isWhitespace(bytes[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart && ASCII.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            // The serializer's test of the same bytes (field-vchar, SP, HTAB), a word at a time.
            guard HTTPResponseSerializer.hasOnlySafeValueBytes(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])) else {
                return .failed("invalid character in field value")
            }
            return .split(colon: colon, value: valueStart..<valueEnd)
        }
        switch split {
        case .failed(let reason): throw .badRequest(reason)
        case .split(let colon, let value): return (buffer[range.lowerBound..<colon], buffer[value])
        }
    }

    private enum FieldLineSplit {
        case split(colon: Int, value: Range<Int>)
        case failed(String)
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
        pending.headers.add(Self.fieldName(name), String(decoding: value, as: UTF8.self))
    }

    /// The name as a String: one of the names browsers send on every request, spelled as they
    /// spell them, is the kept constant (a byte comparison among those of its length), sparing
    /// the decoding and checking of its UTF-8; any other name is decoded.
    static func fieldName(_ name: ArraySlice<UInt8>) -> String {
        let table = commonFieldNames
        if name.count < table.count {
            let found = name.withUnsafeBufferPointer { bytes -> String? in
                for candidate in table[bytes.count] {
                    var index = 0
                    while index < bytes.count && candidate.bytes[index] == bytes[index] { index += 1 }
                    if index == bytes.count { return candidate.name }
                }
                return nil
            }
            if let found { return found }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// By length: the names and their bytes.
    private static let commonFieldNames: [[(bytes: [UInt8], name: String)]] = {
        let names = [
            "Host", "Accept", "Accept-Encoding", "Accept-Language", "User-Agent", "Cookie", "Connection", "Referer",
            "Cache-Control", "Pragma", "If-None-Match", "If-Modified-Since", "Content-Type", "Content-Length", "Origin",
            "Upgrade-Insecure-Requests", "Sec-Fetch-Site", "Sec-Fetch-Mode", "Sec-Fetch-Dest", "Sec-Fetch-User",
            "Sec-CH-UA", "Sec-CH-UA-Mobile", "Sec-CH-UA-Platform", "Priority", "DNT", "TE",
            "host", "accept", "accept-encoding", "accept-language", "user-agent", "cookie", "connection", "referer",
            "cache-control", "if-none-match", "if-modified-since", "content-type", "content-length", "origin",
            "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user", "sec-ch-ua", "sec-ch-ua-mobile",
            "sec-ch-ua-platform", "priority", "upgrade-insecure-requests",
        ]
        var table = [[(bytes: [UInt8], name: String)]](repeating: [], count: 32)
        for name in names { table[name.utf8.count].append((Array(name.utf8), name)) }
        return table
    }()

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

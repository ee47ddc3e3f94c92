extension HTTPRequestParser {
    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5); returns name and trimmed value.
    /// `isPlain`: the line holds no control byte and no DEL (`lineIsPlain`), so its value needs
    /// no check of its own.
    static func splitFieldLine(
        _ range: Range<Int>, in buffer: [UInt8], isPlain: Bool = false
    ) throws(HTTPParseError) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        // One pass over the buffer's bytes (every field of every request), checks in the order
        // their reasons are given: the first that fails names the error.
        let split = buffer.withUnsafeBufferPointer { bytes -> FieldLineSplit in
            let start = range.lowerBound
            let end = range.upperBound
            guard start < end else { return .failed("empty field line") }
            guard !ASCII.isWhitespace(bytes[start]) else { return .failed("obsolete line folding") }
            // A well-formed name is token bytes up to the colon (which is no token byte): found
            // and checked in one pass. Anything else is judged again below, check by check, so
            // the error names the first rule broken.
            var colon = start
            while colon < end && ASCII.isTokenCharacter(bytes[colon]) { colon += 1 }
            if colon == start || colon == end || bytes[colon] != ASCII.colon {
                colon = start
                while colon < end && bytes[colon] != ASCII.colon { colon += 1 }
                guard colon < end else { return .failed("field line without colon") }
                if colon > start && ASCII.isWhitespace(bytes[colon - 1]) {
                    return .failed("whitespace between field name and colon")
                }
                guard colon > start, (start..<colon).allSatisfy({ ASCII.isTokenCharacter(bytes[$0]) }) else {
                    return .failed("invalid field name")
                }
            }
            var valueStart = colon + 1
            var valueEnd = end
            while valueStart < valueEnd && ASCII.isWhitespace(bytes[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart && ASCII.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            // The serializer's test of the same bytes (field-vchar, SP, HTAB), a word at a time.
            guard isPlain
                || HTTPResponseSerializer.hasOnlySafeValueBytes(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
            else {
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
        try HTTPRequestParser.splitFieldLine(range, in: buffer, isPlain: lineIsPlain)
    }

    /// Records a header and applies the fields that decide framing as soon as they are seen.
    mutating func parseHeaderLine(_ range: Range<Int>) throws(HTTPParseError) {
        let (name, value) = try splitFieldLine(range)
        // Only four names matter to framing; their lengths rule out every other name at once.
        // Each length is one name's: the others (Accept, Cookie, ...) pass with a single comparison.
        switch name.count {
        case 14 where ASCII.caseInsensitiveEquals(name, "content-length"):
            try recordContentLength(value)
        case 17 where ASCII.caseInsensitiveEquals(name, "transfer-encoding"):
            let codings = ASCII.listElements(String(decoding: value, as: UTF8.self))
            guard !codings.isEmpty else { throw .badRequest("empty Transfer-Encoding") }
            pending.transferEncoding.append(contentsOf: codings)
        case 4 where ASCII.caseInsensitiveEquals(name, "host"):
            pending.hostCount += 1
            guard pending.hostCount == 1 else { throw .badRequest("more than one Host header") }
            // RFC 9112 §3.2: an http(s) target always has an authority, so an empty Host names nothing.
            // HTTP/1.0 may leave Host out (as before), but one that is sent must name a host.
            guard !value.isEmpty else { throw .badRequest("empty Host header") }
            guard value.withUnsafeBufferPointer({ $0.allSatisfy(HTTPRequestParser.isHostCharacter) }) else {
                throw .badRequest("invalid Host header")
            }
        case 6 where ASCII.caseInsensitiveEquals(name, "expect"):
            if ASCII.caseInsensitiveEquals(value, "100-continue") { pending.expectsContinue = true }
        default:
            break
        }
        recordField(name, value)
    }

    private mutating func recordField(_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) {
        if pending.headers.isEmpty { pending.headers.reserveCapacity(16) }
        pending.headers.add(Self.fieldName(name), recentValue(value, at: pending.fieldCount - 1))
    }

    /// How many of a request's first field values are remembered for the next request.
    static let recentValueCount = 16

    /// The value of the field at `position` (0 for the first) as a String: the one the previous
    /// request had there when its bytes are the same, else decoded and remembered. A client sends
    /// the same fields in the same order on each request of a connection (Host, User-Agent,
    /// Accept, Cookie ...), and comparing bytes is cheaper than checking and copying them into a
    /// new string. A match is exact: the remembered string was decoded from the same bytes.
    private mutating func recentValue(_ bytes: ArraySlice<UInt8>, at position: Int) -> String {
        remembered(bytes, at: position + 1)
    }

    /// The string decoded from `bytes`, reused from `recent[slot]` when it was decoded from the
    /// same bytes, else decoded and kept there (slots past the end are not kept).
    mutating func remembered(_ bytes: ArraySlice<UInt8>, at slot: Int) -> String {
        if slot < recent.count {
            if recent[slot].bytes.count == bytes.count, recent[slot].bytes.withUnsafeBytes({ kept in
                bytes.withUnsafeBytes { ASCII.sameBytes(kept, $0) }
            }) {
                return recent[slot].string
            }
            let string = String(decoding: bytes, as: UTF8.self)
            recent[slot] = RecentString(bytes: Array(bytes), string: string)
            return string
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if slot == recent.count && slot <= Self.recentValueCount {
            recent.append(RecentString(bytes: Array(bytes), string: string))
        }
        return string
    }

    /// The name as a String: one of the names browsers send on every request, spelled as they
    /// spell them, is the constant (a byte comparison among the names of its length, picked by a
    /// switch: no table of arrays to walk and count references of), sparing the decoding and
    /// checking of its UTF-8; any other name is decoded.
    static func fieldName(_ name: ArraySlice<UInt8>) -> String {
        let found = name.withUnsafeBufferPointer { bytes -> String? in
            switch bytes.count {
            case 2:
                if same(bytes, "TE") { return "TE" }
            case 3:
                if same(bytes, "DNT") { return "DNT" }
            case 4:
                if same(bytes, "Host") { return "Host" }
                if same(bytes, "host") { return "host" }
            case 6:
                if same(bytes, "Accept") { return "Accept" }
                if same(bytes, "Cookie") { return "Cookie" }
                if same(bytes, "Pragma") { return "Pragma" }
                if same(bytes, "Origin") { return "Origin" }
                if same(bytes, "accept") { return "accept" }
                if same(bytes, "cookie") { return "cookie" }
                if same(bytes, "origin") { return "origin" }
            case 7:
                if same(bytes, "Referer") { return "Referer" }
                if same(bytes, "referer") { return "referer" }
            case 8:
                if same(bytes, "Priority") { return "Priority" }
                if same(bytes, "priority") { return "priority" }
            case 9:
                if same(bytes, "Sec-CH-UA") { return "Sec-CH-UA" }
                if same(bytes, "sec-ch-ua") { return "sec-ch-ua" }
            case 10:
                if same(bytes, "User-Agent") { return "User-Agent" }
                if same(bytes, "Connection") { return "Connection" }
                if same(bytes, "user-agent") { return "user-agent" }
                if same(bytes, "connection") { return "connection" }
            case 12:
                if same(bytes, "Content-Type") { return "Content-Type" }
                if same(bytes, "content-type") { return "content-type" }
            case 13:
                if same(bytes, "Cache-Control") { return "Cache-Control" }
                if same(bytes, "If-None-Match") { return "If-None-Match" }
                if same(bytes, "cache-control") { return "cache-control" }
                if same(bytes, "if-none-match") { return "if-none-match" }
            case 14:
                if same(bytes, "Content-Length") { return "Content-Length" }
                if same(bytes, "Sec-Fetch-Site") { return "Sec-Fetch-Site" }
                if same(bytes, "Sec-Fetch-Mode") { return "Sec-Fetch-Mode" }
                if same(bytes, "Sec-Fetch-Dest") { return "Sec-Fetch-Dest" }
                if same(bytes, "Sec-Fetch-User") { return "Sec-Fetch-User" }
                if same(bytes, "content-length") { return "content-length" }
                if same(bytes, "sec-fetch-site") { return "sec-fetch-site" }
                if same(bytes, "sec-fetch-mode") { return "sec-fetch-mode" }
                if same(bytes, "sec-fetch-dest") { return "sec-fetch-dest" }
                if same(bytes, "sec-fetch-user") { return "sec-fetch-user" }
            case 15:
                if same(bytes, "Accept-Encoding") { return "Accept-Encoding" }
                if same(bytes, "Accept-Language") { return "Accept-Language" }
                if same(bytes, "accept-encoding") { return "accept-encoding" }
                if same(bytes, "accept-language") { return "accept-language" }
            case 16:
                if same(bytes, "Sec-CH-UA-Mobile") { return "Sec-CH-UA-Mobile" }
                if same(bytes, "sec-ch-ua-mobile") { return "sec-ch-ua-mobile" }
            case 17:
                if same(bytes, "If-Modified-Since") { return "If-Modified-Since" }
                if same(bytes, "if-modified-since") { return "if-modified-since" }
            case 18:
                if same(bytes, "Sec-CH-UA-Platform") { return "Sec-CH-UA-Platform" }
                if same(bytes, "sec-ch-ua-platform") { return "sec-ch-ua-platform" }
            case 25:
                if same(bytes, "Upgrade-Insecure-Requests") { return "Upgrade-Insecure-Requests" }
                if same(bytes, "upgrade-insecure-requests") { return "upgrade-insecure-requests" }
            default: break
            }
            return nil
        }
        return found ?? String(decoding: name, as: UTF8.self)
    }

    /// Whether `bytes` spell `literal`, of the same length (the caller's switch settled it).
    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let spelled = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != spelled[index] { return false }
        return true
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

    /// uri-host [ ":" port ]: reg-name, IP literals and ports are made of these, the set
    /// `A-Za-z0-9-._~!$&'()*+,;=:[]%` as bits (every Host value's every byte is asked).
    @inline(__always)
    static func isHostCharacter(_ byte: UInt8) -> Bool {
        ASCII.isIn(byte, low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_AFFF_FFFE)
    }
}

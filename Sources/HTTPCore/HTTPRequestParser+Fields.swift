extension HTTPRequestParser {
    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5); returns where the name ends
    /// (the colon) and the trimmed value's range in `bytes`. `isPlain`: the line holds no control
    /// byte and no DEL (`lineIsPlain`), so its value needs no check of its own.
    static func splitFieldLine(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool = false
    ) throws(HTTPParseError) -> (colon: Int, value: Range<Int>) {
        // One pass over the buffer's bytes (every field of every request), checks in the order
        // their reasons are given: the first that fails names the error.
        let start = range.lowerBound
        let end = range.upperBound
        guard start < end else { throw .badRequest("empty field line") }
        guard !ASCII.isWhitespace(bytes[start]) else { throw .badRequest("obsolete line folding") }
        // A well-formed name is token bytes up to the colon (which is no token byte): found
        // and checked in one pass. Anything else is judged again below, check by check, so
        // the error names the first rule broken.
        var colon = start
        while colon < end && ASCII.isTokenCharacter(bytes[colon]) { colon += 1 }
        if colon == start || colon == end || bytes[colon] != ASCII.colon {
            colon = start
            while colon < end && bytes[colon] != ASCII.colon { colon += 1 }
            guard colon < end else { throw .badRequest("field line without colon") }
            if colon > start && ASCII.isWhitespace(bytes[colon - 1]) {
                throw .badRequest("whitespace between field name and colon")
            }
            guard colon > start, (start..<colon).allSatisfy({ ASCII.isTokenCharacter(bytes[$0]) }) else {
                throw .badRequest("invalid field name")
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
            throw .badRequest("invalid character in field value")
        }
        return (colon, valueStart..<valueEnd)
    }

    /// Checks a field line that is then dropped (a trailer).
    func checkFieldLine(_ range: Range<Int>) throws(HTTPParseError) {
        let isPlain = lineIsPlain
        _ = try buffer.withUnsafeBufferPointer { bytes throws(HTTPParseError) in
            try HTTPRequestParser.splitFieldLine(range, in: bytes, isPlain: isPlain)
        }
    }

    /// Records a header and applies the fields that decide framing as soon as they are seen.
    mutating func parseHeaderLine(_ range: Range<Int>) throws(HTTPParseError) {
        // Read through a pointer from a local reference to the buffer, so the parser's other
        // properties can change meanwhile: slices of the buffer would each take a reference.
        let line = buffer
        try line.withUnsafeBufferPointer { bytes throws(HTTPParseError) in
            let (colon, valueRange) = try Self.splitFieldLine(range, in: bytes, isPlain: lineIsPlain)
            try recordField(
                name: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<colon]),
                value: UnsafeBufferPointer(rebasing: bytes[valueRange]))
        }
    }

    private mutating func recordField(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) {
        // A name spelled as browsers spell it is known, with its role, from one byte comparison;
        // any other spelling of the framing names is recognised case-insensitively.
        let known = Self.knownFieldName(name)
        // This field's place among the remembered strings (the target holds the first).
        let slot = pending.fieldCount
        let (text, wasKept) = remembered(value, at: slot)
        switch known?.role ?? Self.role(ofFieldNamed: name) {
        case .contentLength:
            try recordContentLength(value)
        case .transferEncoding:
            let codings = ASCII.listElements(text)
            guard !codings.isEmpty else { throw .badRequest("empty Transfer-Encoding") }
            pending.transferEncoding.append(contentsOf: codings)
        case .host:
            pending.hostCount += 1
            guard pending.hostCount == 1 else { throw .badRequest("more than one Host header") }
            // RFC 9112 §3.2: an http(s) target always has an authority, so an empty Host names nothing.
            // HTTP/1.0 may leave Host out (as before), but one that is sent must name a host.
            guard !value.isEmpty else { throw .badRequest("empty Host header") }
            // The same bytes in the same place passed this check in an earlier request.
            if !(wasKept && recent[slot].isValidHost) {
                guard value.allSatisfy(HTTPRequestParser.isHostCharacter) else {
                    throw .badRequest("invalid Host header")
                }
                if slot < recent.count { recent[slot].isValidHost = true }
            }
        case .expect:
            if ASCII.caseInsensitiveEquals(value, "100-continue") { pending.expectsContinue = true }
        case .other:
            break
        }
        if pending.headers.isEmpty { pending.headers.reserveCapacity(16) }
        pending.headers.add(known?.name ?? String(decoding: name, as: UTF8.self), text)
    }

    /// The fields whose value the parser acts on while reading the head.
    enum FieldRole {
        case contentLength, transferEncoding, host, expect, other
    }

    /// The role of a name that is not spelled as `knownFieldName` knows it: only four names matter
    /// to framing, and their lengths rule out every other name at once (each length is one name's).
    static func role(ofFieldNamed name: UnsafeBufferPointer<UInt8>) -> FieldRole {
        switch name.count {
        case 14 where ASCII.caseInsensitiveEquals(name, "content-length"): .contentLength
        case 17 where ASCII.caseInsensitiveEquals(name, "transfer-encoding"): .transferEncoding
        case 4 where ASCII.caseInsensitiveEquals(name, "host"): .host
        case 6 where ASCII.caseInsensitiveEquals(name, "expect"): .expect
        default: .other
        }
    }

    /// How many of a request's first field values are remembered for the next request.
    static let recentValueCount = 16

    /// The string decoded from `bytes`, reused from `recent[slot]` when it was decoded from the
    /// same bytes (`wasKept`), else decoded and kept there (slots past the end are not kept).
    /// The target takes slot 0, and the field values of a request the slots after it in order: a
    /// client sends the same fields in the same order on each request of a connection (Host,
    /// User-Agent, Accept, Cookie ...), and comparing bytes is cheaper than checking and copying
    /// them into a new string. A match is exact: the kept string was decoded from the same bytes.
    mutating func remembered(_ bytes: UnsafeBufferPointer<UInt8>, at slot: Int) -> (string: String, wasKept: Bool) {
        if slot < recent.count {
            if recent[slot].bytes.count == bytes.count, recent[slot].bytes.withUnsafeBytes({ kept in
                ASCII.sameBytes(kept, UnsafeRawBufferPointer(bytes))
            }) {
                return (recent[slot].string, true)
            }
            let string = String(decoding: bytes, as: UTF8.self)
            recent[slot] = RecentString(bytes: Array(bytes), string: string)
            return (string, false)
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if slot == recent.count && slot <= Self.recentValueCount {
            recent.append(RecentString(bytes: Array(bytes), string: string))
        }
        return (string, false)
    }

    /// One of the names browsers send on every request, spelled as they spell them, as the
    /// constant String with its role; nil for any other name. Found by a byte comparison among
    /// the names of its length, picked by a switch (no table of arrays to walk and count
    /// references of), it spares the decoding and checking of its UTF-8 and a case-insensitive
    /// look at the names that decide framing.
    static func knownFieldName(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, role: FieldRole)? {
        switch bytes.count {
        case 2:
            if same(bytes, "TE") { return ("TE", .other) }
        case 3:
            if same(bytes, "DNT") { return ("DNT", .other) }
        case 4:
            if same(bytes, "Host") { return ("Host", .host) }
            if same(bytes, "host") { return ("host", .host) }
        case 6:
            if same(bytes, "Accept") { return ("Accept", .other) }
            if same(bytes, "Cookie") { return ("Cookie", .other) }
            if same(bytes, "Pragma") { return ("Pragma", .other) }
            if same(bytes, "Origin") { return ("Origin", .other) }
            if same(bytes, "Expect") { return ("Expect", .expect) }
            if same(bytes, "accept") { return ("accept", .other) }
            if same(bytes, "cookie") { return ("cookie", .other) }
            if same(bytes, "origin") { return ("origin", .other) }
            if same(bytes, "expect") { return ("expect", .expect) }
        case 7:
            if same(bytes, "Referer") { return ("Referer", .other) }
            if same(bytes, "referer") { return ("referer", .other) }
        case 8:
            if same(bytes, "Priority") { return ("Priority", .other) }
            if same(bytes, "priority") { return ("priority", .other) }
        case 9:
            if same(bytes, "Sec-CH-UA") { return ("Sec-CH-UA", .other) }
            if same(bytes, "sec-ch-ua") { return ("sec-ch-ua", .other) }
        case 10:
            if same(bytes, "User-Agent") { return ("User-Agent", .other) }
            if same(bytes, "Connection") { return ("Connection", .other) }
            if same(bytes, "user-agent") { return ("user-agent", .other) }
            if same(bytes, "connection") { return ("connection", .other) }
        case 12:
            if same(bytes, "Content-Type") { return ("Content-Type", .other) }
            if same(bytes, "content-type") { return ("content-type", .other) }
        case 13:
            if same(bytes, "Cache-Control") { return ("Cache-Control", .other) }
            if same(bytes, "If-None-Match") { return ("If-None-Match", .other) }
            if same(bytes, "cache-control") { return ("cache-control", .other) }
            if same(bytes, "if-none-match") { return ("if-none-match", .other) }
        case 14:
            if same(bytes, "Content-Length") { return ("Content-Length", .contentLength) }
            if same(bytes, "Sec-Fetch-Site") { return ("Sec-Fetch-Site", .other) }
            if same(bytes, "Sec-Fetch-Mode") { return ("Sec-Fetch-Mode", .other) }
            if same(bytes, "Sec-Fetch-Dest") { return ("Sec-Fetch-Dest", .other) }
            if same(bytes, "Sec-Fetch-User") { return ("Sec-Fetch-User", .other) }
            if same(bytes, "content-length") { return ("content-length", .contentLength) }
            if same(bytes, "sec-fetch-site") { return ("sec-fetch-site", .other) }
            if same(bytes, "sec-fetch-mode") { return ("sec-fetch-mode", .other) }
            if same(bytes, "sec-fetch-dest") { return ("sec-fetch-dest", .other) }
            if same(bytes, "sec-fetch-user") { return ("sec-fetch-user", .other) }
        case 15:
            if same(bytes, "Accept-Encoding") { return ("Accept-Encoding", .other) }
            if same(bytes, "Accept-Language") { return ("Accept-Language", .other) }
            if same(bytes, "accept-encoding") { return ("accept-encoding", .other) }
            if same(bytes, "accept-language") { return ("accept-language", .other) }
        case 16:
            if same(bytes, "Sec-CH-UA-Mobile") { return ("Sec-CH-UA-Mobile", .other) }
            if same(bytes, "sec-ch-ua-mobile") { return ("sec-ch-ua-mobile", .other) }
        case 17:
            if same(bytes, "If-Modified-Since") { return ("If-Modified-Since", .other) }
            if same(bytes, "Transfer-Encoding") { return ("Transfer-Encoding", .transferEncoding) }
            if same(bytes, "if-modified-since") { return ("if-modified-since", .other) }
            if same(bytes, "transfer-encoding") { return ("transfer-encoding", .transferEncoding) }
        case 18:
            if same(bytes, "Sec-CH-UA-Platform") { return ("Sec-CH-UA-Platform", .other) }
            if same(bytes, "sec-ch-ua-platform") { return ("sec-ch-ua-platform", .other) }
        case 25:
            if same(bytes, "Upgrade-Insecure-Requests") { return ("Upgrade-Insecure-Requests", .other) }
            if same(bytes, "upgrade-insecure-requests") { return ("upgrade-insecure-requests", .other) }
        default: break
        }
        return nil
    }

    /// The name as a String: the constant of `knownFieldName`, or decoded.
    static func fieldName(_ name: ArraySlice<UInt8>) -> String {
        name.withUnsafeBufferPointer { knownFieldName($0)?.name } ?? String(decoding: name, as: UTF8.self)
    }

    /// Whether `bytes` spell `literal`, of the same length (the caller's switch settled it).
    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let spelled = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != spelled[index] { return false }
        return true
    }

    /// Content-Length = 1*DIGIT, once. Too large is known here, before a byte of body arrives.
    private mutating func recordContentLength(_ value: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
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

/// Writes a response in HTTP/1.1 wire format. The caller (the server) has already set Content-Length,
/// Date and Connection; the serializer only frames what it is given.
public enum HTTPResponseSerializer {
    /// Appends the status line, headers and (unless `headOnly`, for HEAD) the body to `buffer`,
    /// so one reusable buffer can gather several pipelined responses for a single write.
    /// Bytes that could split a header (CR, LF, other controls) are replaced by spaces in values and
    /// by `-` in names: application data can never inject a header or a response.
    public static func write(_ response: HTTPResponse, headOnly: Bool, into buffer: inout [UInt8]) {
        // Reserving exactly what this response needs would defeat the array's doubling: with pipelined
        // responses gathering in one buffer, every response would copy all those before it.
        let needed = buffer.count + 128 + response.headers.count * 40 + (headOnly ? 0 : response.body.count)
        if buffer.capacity < needed { buffer.reserveCapacity(max(needed, buffer.capacity * 2)) }
        writeStatusLine(response.status, to: &buffer)
        for (name, value) in response.headers {
            writeField(name, value, to: &buffer)
        }
        buffer.append(ASCII.cr)
        buffer.append(ASCII.lf)
        if !headOnly {
            response.body.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        }
    }

    static func writeStatusLine(_ status: HTTPStatus, to buffer: inout [UInt8]) {
        // The two lines of nearly every answer (pages, files, revalidations), copied whole.
        switch status.code {
        case 200 where status.reasonPhrase == "OK": return appendLiteral("HTTP/1.1 200 OK\r\n", to: &buffer)
        case 304 where status.reasonPhrase == "Not Modified": return appendLiteral("HTTP/1.1 304 Not Modified\r\n", to: &buffer)
        default: break
        }
        appendLiteral("HTTP/1.1 ", to: &buffer)
        appendStatusCode(status.code, to: &buffer)
        buffer.append(ASCII.space)
        appendValue(status.reasonPhrase, to: &buffer)
        buffer.append(ASCII.cr)
        buffer.append(ASCII.lf)
    }

    static func writeField(_ name: String, _ value: String, to buffer: inout [UInt8]) {
        appendName(name, to: &buffer)
        buffer.append(ASCII.colon)
        buffer.append(ASCII.space)
        appendValue(value, to: &buffer)
        buffer.append(ASCII.cr)
        buffer.append(ASCII.lf)
    }

    private static func appendStatusCode(_ code: Int, to buffer: inout [UInt8]) {
        // Three digits: each conversion below is exact, and would trap rather than write a wrong byte.
        let code = (100...999).contains(code) ? code : 500
        buffer.append(UInt8(0x30 + code / 100))
        buffer.append(UInt8(0x30 + code / 10 % 10))
        buffer.append(UInt8(0x30 + code % 10))
    }

    /// Names and values are checked over their UTF-8 in place, then copied in one go.
    private static func appendName(_ name: String, to buffer: inout [UInt8]) {
        var name = name
        name.withUTF8 { bytes in
            if bytes.isEmpty {
                buffer.append(UInt8(ascii: "-"))
            } else if bytes.allSatisfy(ASCII.isTokenCharacter) {
                buffer.append(contentsOf: bytes)
            } else {
                for byte in bytes {
                    buffer.append(ASCII.isTokenCharacter(byte) ? byte : UInt8(ascii: "-"))
                }
            }
        }
    }

    static func appendValue(_ value: String, to buffer: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            if hasOnlySafeValueBytes(bytes) {
                buffer.append(contentsOf: bytes)
            } else {
                for byte in bytes {
                    buffer.append(isSafeValueByte(byte) ? byte : ASCII.space)
                }
            }
        }
    }

    /// Whether every byte passes `isSafeValueByte`, eight at a time: a word with no byte below
    /// 0x20 and none equal to 0x7F passes whole (a tab, also below 0x20, is judged byte by byte).
    /// Values are mostly long constants (the security headers), asked on every response.
    static func hasOnlySafeValueBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if mayHoldUnsafeByte(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                for offset in index..<(index + 8) where !isSafeValueByte(bytes[offset]) { return false }
            }
            index += 8
        }
        guard index < bytes.count else { return true }
        // The last few bytes: in the word that ends the value when it has one (its first bytes
        // are checked twice, fewer instructions than a loop over the rest), else one by one.
        let last = bytes.count >= 8 ? bytes.count - 8 : index
        if bytes.count < 8 || mayHoldUnsafeByte(raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)) {
            for offset in last..<bytes.count where !isSafeValueByte(bytes[offset]) { return false }
        }
        return true
    }

    /// Whether a word of eight bytes has one below 0x20 (high bit clear) or equal to 0x7F: such
    /// a byte leaves its high bit set here. A tab is flagged too, for the byte rule to judge.
    @inline(__always)
    private static func mayHoldUnsafeByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let delete = word ^ (ones &* 0x7F)
        let isDelete = (delete &- ones) & ~delete & highs
        return below | isDelete != 0
    }

    /// Whether every byte is a `tchar` (`ASCII.isTokenCharacter`), eight at a time: a word of
    /// letters, digits and `-` (what field names are made of) passes whole; a word holding any
    /// other byte is judged byte by byte. The server's own field name is asked on every response.
    static func hasOnlyTokenBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        // Words from the start, the last one ending with the name (overlapping the one before).
        while index < bytes.count {
            let start = bytes.count < 8 ? index : min(index, bytes.count - 8)
            let end = bytes.count < 8 ? bytes.count : start + 8
            if bytes.count < 8 || !isAlphanumericOrDash(raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) {
                for offset in start..<end where !ASCII.isTokenCharacter(bytes[offset]) { return false }
            }
            index = end
        }
        return true
    }

    /// Whether each of a word's eight bytes is an ASCII letter, digit or `-`. For a byte `x` below
    /// 0x80, `x + (0x80 - low)` has its high bit set when `x >= low`, and `x + (0x7F - high)` when
    /// `x > high`; no sum carries into the next byte.
    @inline(__always)
    private static func isAlphanumericOrDash(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return false }
        func within(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (bytes &+ ones &* (0x80 - low)) & ~(bytes &+ ones &* (0x7F - high)) & highs
        }
        // `| 0x20` makes an upper-case letter lower-case (and moves no other byte into a-z).
        let letters = within(word | ones &* 0x20, 0x61, 0x7A)
        let digits = within(word, 0x30, 0x39)
        let dashes = within(word, 0x2D, 0x2D)
        return letters | digits | dashes == highs
    }

    /// field-vchar / SP / HTAB (RFC 9110 §5.5); obs-text passes so UTF-8 survives.
    static func isSafeValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == ASCII.tab
    }
}

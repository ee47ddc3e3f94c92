/// Writes text HTML-escaped: copies runs of ordinary bytes in one go and replaces `& < > " '`
/// with entities.
enum HTMLEscaping {
    /// Appends `source` as is and tells whether it holds none of the five special bytes, so that
    /// writing it later can skip escaping. Eight bytes at a time: the check rides on the copy.
    static func copy(_ source: UnsafeBufferPointer<UInt8>, to buffer: inout RawBuffer<UInt8>) -> Bool {
        guard let base = source.baseAddress else { return true }
        let count = source.count
        var special: UInt64 = 0
        buffer.append(count: count, slack: 8) { target in
            var index = 0
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                special |= specialBytes(word)
                UnsafeMutableRawPointer(target + index).storeBytes(of: word, as: UInt64.self)
                index += 8
            }
            if index < count {
                // The last few bytes, zero-padded: the padding lands in the slack.
                let word = partialWord(base + index, count: count - index)
                special |= specialBytes(word)
                UnsafeMutableRawPointer(target + index).storeBytes(of: word, as: UInt64.self)
            }
        }
        // Without any special byte there is no false alarm either (those sit above a real one).
        return special == 0
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout RawBuffer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        // Eight bytes at a time, the last few zero-padded (zero is never special): the lowest flagged
        // byte of a word is the first special one, so ordinary bytes are never looked at one by one.
        while index < count {
            let remaining = count - index
            let word = remaining >= 8
                ? UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                : partialWord(base + index, count: remaining)
            let mask = specialBytes(word)
            if mask == 0 {
                index += 8
                continue
            }
            let special = index + mask.trailingZeroBitCount >> 3
            if runStart < special {
                writer.append(UnsafeBufferPointer(start: base + runStart, count: special - runStart))
            }
            let entity: StaticString
            switch base[special] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            default: entity = "&#39;"
            }
            writer.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            index = special + 1
            runStart = index
        }
        if runStart < count {
            writer.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    /// The first `count` (< 8) bytes at `start` as a little-endian word, the rest zero.
    @inline(__always)
    private static func partialWord(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in 0..<count {
            word |= UInt64(start[offset]) << (offset &* 8)
        }
        return word
    }

    /// Sets the high bit of each byte of `word` that is one of the five special bytes. Bits above
    /// the lowest one may be false alarms (a borrow), but the lowest set bit is always exact.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        func zeroBytes(_ x: UInt64) -> UInt64 {
            (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        }
        return zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
            | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
            | zeroBytes(word ^ 0x2727_2727_2727_2727)
    }

    /// Decimal digits without creating a String.
    static func append(_ value: Int, to writer: inout RawBuffer<UInt8>) {
        if value < 0 { writer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            writer.append(UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
        }
    }
}

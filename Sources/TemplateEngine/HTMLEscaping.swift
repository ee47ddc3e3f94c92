/// Writes text HTML-escaped: copies runs of ordinary bytes in one go and replaces `& < > " '`
/// with entities.
enum HTMLEscaping {
    static func append(_ string: String, escaped: Bool, to writer: inout ByteWriter) {
        var string = string
        string.withUTF8 { bytes in
            if escaped {
                append(bytes, to: &writer)
            } else {
                writer.append(bytes)
            }
        }
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            // Skip eight bytes at a time while none of them needs escaping.
            while index + 8 <= count,
                !mayNeedEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
            }
            guard index < count else { break }
            let entity: StaticString
            switch base[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                index += 1
                continue
            }
            if runStart < index {
                writer.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            }
            writer.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            index += 1
            runStart = index
        }
        if runStart < count {
            writer.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    /// Whether any byte of `word` is one of the five special bytes (exact, no false negatives).
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        func hasZeroByte(_ x: UInt64) -> Bool {
            (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }
        return hasZeroByte(word ^ 0x2626_2626_2626_2626) || hasZeroByte(word ^ 0x3C3C_3C3C_3C3C_3C3C)
            || hasZeroByte(word ^ 0x3E3E_3E3E_3E3E_3E3E) || hasZeroByte(word ^ 0x2222_2222_2222_2222)
            || hasZeroByte(word ^ 0x2727_2727_2727_2727)
    }

    /// Decimal digits without creating a String.
    static func append(_ value: Int, to writer: inout ByteWriter) {
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

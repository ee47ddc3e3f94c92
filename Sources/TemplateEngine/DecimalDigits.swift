/// Writes integers in decimal without creating a String: the one digit writer of TemplateEngine.
enum DecimalDigits {
    /// The most digits an `Int` has (`Int.min` is 20 with its sign apart).
    static let maximumCount = 20

    /// Appends `value`'s digits, with `-` before a negative one.
    static func append(_ value: Int, to writer: inout PlainValueBuffer<UInt8>) {
        if value < 0 { writer.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        if magnitude < 100_000_000 {
            // Up to eight digits gathered in a word, the most significant in the lowest byte, then
            // stored in one reservation: the common case (ids, counts) without a stack buffer.
            var packed: UInt64 = 0
            var count = 0
            repeat {
                packed = packed &<< 8 | magnitude % 10
                magnitude /= 10
                count += 1
            } while magnitude > 0
            // The digits' ASCII in the word's first `count` bytes (little-endian: lowest first).
            var word = (packed | 0x3030_3030_3030_3030 &>> UInt64(64 - 8 * count)).littleEndian
            withUnsafeBytes(of: &word) { raw in
                writer.append(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
            }
            return
        }
        // Digits are made last first, from the end of 24 bytes on the stack backwards.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                precondition(count < maximumCount, "DecimalDigits: more digits than a 64-bit integer has")
                raw[raw.count - 1 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            writer.append(UnsafeRawBufferPointer(rebasing: raw[(raw.count - count)...]))
        }
    }
}

/// Writes integers in decimal without creating a String: the one digit writer of TemplateEngine.
enum DecimalDigits {
    /// The most digits an `Int` has (`Int.min` is 20 with its sign apart).
    static let maximumCount = 20

    /// Appends `value`'s digits, with `-` before a negative one.
    static func append(_ value: Int, to writer: inout PlainValueBuffer<UInt8>) {
        if value < 0 { writer.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
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

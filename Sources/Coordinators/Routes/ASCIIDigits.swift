/// A number's decimal digits on the stack, so printing an id into a path allocates nothing.
struct ASCIIDigits {
    private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Digits (and a sign) are right-aligned in the 24 bytes of `storage`.
    private(set) var count = 0

    init(_ value: Int) {
        var magnitude = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &storage) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if value < 0 {
                raw[23 - count] = UInt8(ascii: "-")
                count += 1
            }
        }
        self.count = count
    }

    func write<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[(24 - count)...]))
        }
    }
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320): detects torn and flipped bytes in
/// journal records cheaply, which is all the journal asks of a checksum.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = (value & 1) == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    /// The checksum of `bytes`; pass a previous result as `seed` to checksum data in pieces.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        var crc = ~seed
        table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        return ~crc
    }
}

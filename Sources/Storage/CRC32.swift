/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320): detects torn and flipped bytes in
/// journal records and snapshot entries cheaply, which is all the store asks of a checksum.
/// Contiguous bytes go eight at a time (slicing-by-8): the checksum is most of a snapshot's
/// loading time otherwise.
public enum CRC32 {
    /// Eight tables of 256: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k` zero bytes.
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = (value & 1) == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
            }
            tables[index] = value
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// The checksum of `bytes`; pass a previous result as `seed` to checksum data in pieces.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum($0, seed: seed) }) { return crc }
        var crc = ~seed
        tables.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        return ~crc
    }

    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt32) -> UInt32 {
        var crc = ~seed
        tables.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                let high = UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
                    | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return ~crc
    }
}

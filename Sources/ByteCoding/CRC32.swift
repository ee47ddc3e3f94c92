import CCRC32

/// CRC-32 (IEEE 802.3, reflected 0xEDB88320), the one implementation: gzip's trailer and the
/// store's journal records and snapshots. Folded with carry-less multiplication (the C shim), 64
/// bytes per step, where the CPU has it; else sliced by eight, which a snapshot's load leans on.
public enum CRC32 {
    /// Whether `ccrc32_fold` may run here; asked once.
    static let foldsWithCarrylessMultiply = ccrc32_has_clmul() != 0

    /// Eight 256-entry tables: `tables[k * 256 + b]` is byte `b`'s CRC contribution `k` bytes further on.
    @usableFromInline
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`; pass a previous result as `seed` to checksum data in pieces.
    public static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        checksum(bytes, seed: seed, folding: foldsWithCarrylessMultiply)
    }

    /// The checksum of any bytes (an array, a slice of one); contiguous ones take the fast path.
    @inlinable
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0), seed: seed) }) {
            return crc
        }
        var crc = ~seed
        tables.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }

    /// `folding: false` forces the table code, which tests compare the folding with.
    static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt32, folding: Bool) -> UInt32 {
        var crc = ~seed
        guard let base = bytes.baseAddress else { return seed }
        let count = bytes.count
        var start = 0
        if folding && count >= 64 {
            start = count & ~15
            crc = ccrc32_fold(crc, base.assumingMemoryBound(to: UInt8.self), start)
        }
        tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            var index = start
            while index + 8 <= count {
                let low = base.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian ^ crc
                let high = base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
                crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(base.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return ~crc
    }
}

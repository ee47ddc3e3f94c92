import CDeflate

/// CRC-32 (IEEE, reflected 0xEDB88320) as gzip's trailer needs it: folded with carry-less
/// multiplication (the C shim) where the CPU has it, 64 bytes per step, else sliced by eight.
/// Storage keeps its own small copy for the journal.
public enum CRC32 {
    /// Whether `cdeflate_crc32_fold` may run here; asked once.
    static let foldsWithCarrylessMultiply = cdeflate_has_clmul() != 0

    /// Eight 256-entry tables: table k maps a byte to its CRC contribution k bytes further on.
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

    /// `folding: false` forces the table code, which tests compare the folding with.
    static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt32, folding: Bool) -> UInt32 {
        var crc = ~seed
        guard let base = bytes.baseAddress else { return seed }
        let count = bytes.count
        var start = 0
        if folding && count >= 64 {
            start = count & ~15
            crc = cdeflate_crc32_fold(crc, base.assumingMemoryBound(to: UInt8.self), start)
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

    public static func checksum(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, seed: seed) }
    }
}

/// The fixed tables of RFC 1951 §3.2.5: how lengths and distances map to symbols and extra bits.
enum DeflateTables {
    /// Base match length of length symbols 257...285.
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtraBits: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distance of distance symbols 0...29.
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which code-length code lengths are sent.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length symbol index (0...28, i.e. symbol - 257) for each match length - 3 (0...255).
    static let lengthSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for code in 0..<29 {
            let start = lengthBase[code] - 3
            let end = code == 28 ? 256 : min(256, start + (1 << lengthExtraBits[code]))
            for value in start..<end { table[value] = UInt8(code) }
        }
        table[255] = 28
        return table
    }()

    /// Distance symbol for distance - 1 below 256, and for (distance - 1) >> 7 at 256 + that, as zlib does.
    static let distanceSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for code in 0..<30 {
            let start = distanceBase[code] - 1
            let end = start + (1 << distanceExtraBits[code])
            for value in start..<end {
                if value < 256 { table[value] = UInt8(code) } else { table[256 + (value >> 7)] = UInt8(code) }
            }
        }
        return table
    }()

    /// Per match length - 3 (0...255): its symbol index (0...28) | the extra bits' value << 8 |
    /// their count << 16, so the block writer finds all three with one load.
    static let lengthEntry: [UInt32] = (0..<256).map { value in
        let code = Int(lengthSymbol[value])
        return UInt32(code) | UInt32(value + 3 - lengthBase[code]) << 8 | UInt32(lengthExtraBits[code]) << 16
    }

    /// Per distance symbol (0...29): its base distance | its count of extra bits << 16.
    static let distanceEntry: [UInt32] = (0..<30).map { UInt32(distanceBase[$0]) | UInt32(distanceExtraBits[$0]) << 16 }

    /// Each byte with its bits in reverse order, for the LSB-first codes.
    static let reversedByte: [UInt8] = (0..<256).map { value in
        var reversed = 0
        for bit in 0..<8 where value & (1 << bit) != 0 { reversed |= 1 << (7 - bit) }
        return UInt8(reversed)
    }

    /// The fixed Huffman code's lengths (RFC 1951 §3.2.6).
    static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
}

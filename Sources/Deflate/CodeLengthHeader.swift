/// A dynamic block's header (RFC 1951 §3.2.7): the literal/length and distance code lengths,
/// run-length coded with symbols 16, 17 and 18 and sent in the code-length code.
struct CodeLengthHeader {
    /// (symbol 0...18, extra value) pairs.
    private var runs: [(symbol: UInt8, extra: UInt8)] = []
    private var codeLengths = [UInt8](repeating: 0, count: 19)
    private var codes = [UInt16](repeating: 0, count: 19)
    private let literalCount: Int
    private let distanceCount: Int
    private var codeLengthCount = 19
    /// The header's size in bits, after the 3-bit block header.
    private(set) var bitCount = 0

    init(literalLengths: ArraySlice<UInt8>, distanceLengths: ArraySlice<UInt8>) {
        literalCount = literalLengths.count
        distanceCount = distanceLengths.count
        let lengths = Array(literalLengths) + Array(distanceLengths)
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let count = min(run, 138)
                    runs.append((18, UInt8(count - 11)))
                    run -= count
                }
                if run >= 3 {
                    runs.append((17, UInt8(run - 3)))
                    run = 0
                }
            } else {
                runs.append((length, 0))
                run -= 1
                while run >= 3 {
                    let count = min(run, 6)
                    runs.append((16, UInt8(count - 3)))
                    run -= count
                }
            }
            while run > 0 {
                runs.append((length, 0))
                run -= 1
            }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[Int(run.symbol)] += 1 }
        let counted = frequencies
        frequencies.withUnsafeMutableBufferPointer { frequencies in
            codeLengths.withUnsafeMutableBufferPointer { HuffmanCode.lengths(frequencies: frequencies, maxLength: 7, into: $0) }
        }
        codeLengths.withUnsafeBufferPointer { lengths in
            codes.withUnsafeMutableBufferPointer { HuffmanCode.codes(lengths: lengths, into: $0) }
        }
        while codeLengthCount > 4 && codeLengths[DeflateTables.codeLengthOrder[codeLengthCount - 1]] == 0 {
            codeLengthCount -= 1
        }
        bitCount = 5 + 5 + 4 + 3 * codeLengthCount
        for symbol in 0..<19 { bitCount += counted[symbol] * Int(codeLengths[symbol]) }
        bitCount += counted[16] * 2 + counted[17] * 3 + counted[18] * 7
    }

    func write(into writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), 5)
        writer.write(UInt32(distanceCount - 1), 5)
        writer.write(UInt32(codeLengthCount - 4), 4)
        for index in 0..<codeLengthCount {
            writer.write(UInt32(codeLengths[DeflateTables.codeLengthOrder[index]]), 3)
        }
        for run in runs {
            let symbol = Int(run.symbol)
            let width = Int(codeLengths[symbol])
            let extraWidth = symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0
            writer.write(UInt32(codes[symbol]) | UInt32(run.extra) << UInt32(width), width + extraWidth)
        }
    }
}

/// A dynamic block's header (RFC 1951 §3.2.7): the literal/length and distance code lengths,
/// run-length coded with symbols 16, 17 and 18 and sent in the code-length code.
struct CodeLengthHeader {
    /// (symbol 0...18) | extra value << 8, in the scratch's `runs`.
    private let runs: UnsafeMutablePointer<UInt16>
    private var runCount = 0
    private let codeLengths: UnsafeMutableBufferPointer<UInt8>
    private let codes: UnsafeMutableBufferPointer<UInt16>
    private let literalCount: Int
    private let distanceCount: Int
    private var codeLengthCount = 19
    /// The header's size in bits, after the 3-bit block header.
    private(set) var bitCount = 0

    /// Valid while `scratch` is not used for another header.
    init(literalLengths: UnsafeBufferPointer<UInt8>, distanceLengths: UnsafeBufferPointer<UInt8>, scratch: HuffmanCode.Scratch) {
        literalCount = literalLengths.count
        distanceCount = distanceLengths.count
        runs = scratch.runs
        codeLengths = scratch.headerLengths
        codes = scratch.headerCodes
        let total = literalCount + distanceCount
        // Both lists side by side, so the run scan reads one array (at most 286 + 30 entries).
        let all = scratch.allLengths
        all.update(from: literalLengths.baseAddress!, count: literalCount)
        (all + literalCount).update(from: distanceLengths.baseAddress!, count: distanceCount)
        let runs = runs
        var runCount = 0
        // Counts stay below 320: wrapping arithmetic spares the checks.
        @inline(__always) func append(_ symbol: UInt8, _ extra: Int) {
            runs[runCount] = UInt16(symbol) | UInt16(truncatingIfNeeded: extra) &<< 8
            runCount &+= 1
        }
        var index = 0
        while index < total {
            let length = all[index]
            var end = index &+ 1
            while end < total && all[end] == length { end &+= 1 }
            var run = end &- index
            index = end
            if length == 0 {
                while run >= 11 {
                    let count = min(run, 138)
                    append(18, count &- 11)
                    run &-= count
                }
                if run >= 3 {
                    append(17, run &- 3)
                    run = 0
                }
            } else {
                append(length, 0)
                run &-= 1
                while run >= 3 {
                    let count = min(run, 6)
                    append(16, count &- 3)
                    run &-= count
                }
            }
            while run > 0 {
                append(length, 0)
                run &-= 1
            }
        }
        self.runCount = runCount
        let frequencies = scratch.headerFrequencies
        frequencies.update(repeating: 0)
        for run in 0..<runCount { frequencies[Int(runs[run] & 0xFF)] += 1 }
        let counted = scratch.headerCounted
        _ = counted.update(fromContentsOf: frequencies)
        HuffmanCode.lengths(frequencies: frequencies, maxLength: 7, into: codeLengths, scratch: scratch)
        HuffmanCode.codes(lengths: UnsafeBufferPointer(codeLengths), into: codes)
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
        let runs = runs
        let runCount = runCount
        let codeLengths = codeLengths
        let codes = codes
        let codeLengthCount = codeLengthCount
        DeflateTables.codeLengthOrder.withUnsafeBufferPointer { order in
            writer.withLocalBits { out in
                for index in 0..<codeLengthCount {
                    out.write(UInt32(codeLengths[order[index]]), 3)
                }
                // Symbols 16, 17 and 18 carry 2, 3 and 7 extra bits; the others none.
                let extraWidths: UInt32 = 2 | 3 << 8 | 7 << 16
                for index in 0..<runCount {
                    let run = runs[index]
                    let symbol = Int(run & 0xFF)
                    let width = Int(codeLengths[symbol])
                    let extraWidth = symbol >= 16 ? Int((extraWidths &>> UInt32(truncatingIfNeeded: (symbol &- 16) &* 8)) & 0xFF) : 0
                    out.write(UInt32(codes[symbol]) | UInt32(run &>> 8) &<< UInt32(truncatingIfNeeded: width), width &+ extraWidth)
                }
            }
        }
    }
}

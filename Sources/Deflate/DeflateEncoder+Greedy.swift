/// The fast match finder, for pages made per request (nginx gzips at zlib's level 1 by default):
/// one candidate per hash of four bytes (a hash chain of length one), taken greedily. The table is
/// the only state, so coding a page touches a few kilobytes of it. The loop keeps the symbol
/// count and pointers in locals (stores through the tables could otherwise alias the encoder).
extension DeflateEncoder {
    /// Bits of the fast finder's hash: 16 Ki buckets (64 KiB), enough for pages of tens of kilobytes.
    static let greedyHashBits = 14

    mutating func encodeGreedy(into writer: inout BitWriter) {
        let n = inputCount
        let src = input
        let raw = UnsafeRawPointer(src)
        let table = head
        let base = base
        let symbols = symbols
        let literals = literalFrequencies.baseAddress!
        let distances = distanceFrequencies.baseAddress!
        let codes = symbolTables
        var count = symbolCount
        var position = 0

        // Four bytes are loaded at each position, and at its candidate.
        let lastHashed = n - 4
        // Positions, counts and table values are in range by construction (the input is under
        // 1 GiB): wrapping arithmetic spares an overflow check per operation in this loop.
        while position <= lastHashed {
            // Each step adds one symbol and moves on at least one byte: up to `stop` the block
            // cannot fill, so the inner loop checks the position alone.
            let stop = min(lastHashed, position &+ (Self.maxSymbols &- count) &- 1)
            while position <= stop {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                let bucket = Int(truncatingIfNeeded: (word &* 2_654_435_761) &>> UInt32(32 - Self.greedyHashBits))
                let candidate = Int(table[bucket]) &- base
                table[bucket] = Int32(truncatingIfNeeded: base &+ position)
                if candidate >= 0 && position &- candidate <= Self.windowSize
                    && raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word {
                    let length = 4 &+ Self.matchLength(src + candidate + 4, src + position + 4, min(Self.maxMatch, n &- position) &- 4)
                    let distance = position &- candidate
                    let value = distance &- 1
                    let distanceCode = codes[256 &+ (value < 256 ? value : 256 &+ (value &>> 7))]
                    symbols[count] = UInt32(truncatingIfNeeded: length) | UInt32(distanceCode) &<< 9
                        | UInt32(truncatingIfNeeded: distance) &<< 16
                    count &+= 1
                    literals[257 &+ Int(codes[length &- 3])] &+= 1
                    distances[Int(distanceCode)] &+= 1
                    let end = position &+ length
                    // The positions inside a match are not hashed (zlib's level 1 hashes only short
                    // ones): hashing its tail as well made the benchmark page 1 % smaller for 4 % more
                    // instructions, and pages made per request are what this finder is for.
                    position = end
                } else {
                    let literal = src[position]
                    symbols[count] = UInt32(literal)
                    count &+= 1
                    literals[Int(literal)] &+= 1
                    position &+= 1
                }
            }
            if count == Self.maxSymbols {
                // Spelled out, not a nested function: a captured `count` would live in memory.
                symbolCount = count
                blockEnd = position
                flushBlock(final: false, writer: &writer)
                count = 0
            }
        }
        while position < n {
            let literal = src[position]
            symbols[count] = UInt32(literal)
            count += 1
            literals[Int(literal)] += 1
            position += 1
            if count == Self.maxSymbols {
                // Spelled out, not a nested function: a captured `count` would live in memory.
                symbolCount = count
                blockEnd = position
                flushBlock(final: false, writer: &writer)
                count = 0
            }
        }
        symbolCount = count
        blockEnd = n
    }
}

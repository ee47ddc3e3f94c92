/// The fast match finder, for pages made per request (nginx gzips at zlib's level 1 by default):
/// one candidate per hash of four bytes (a hash chain of length one), taken greedily. The table is
/// the only state, so coding a page touches a few kilobytes of it.
extension DeflateEncoder {
    /// Bits of the fast finder's hash: 16 Ki buckets (64 KiB), enough for pages of tens of kilobytes.
    static let greedyHashBits = 14

    mutating func encodeGreedy(into writer: inout BitWriter) {
        let n = inputCount
        let src = input
        let raw = UnsafeRawPointer(src)
        let table = head
        let base = base
        var position = 0
        // Four bytes are loaded at each position, and at its candidate.
        let lastHashed = n - 4
        while position <= lastHashed {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)
            let bucket = Int((word &* 2_654_435_761) >> UInt32(32 - Self.greedyHashBits))
            let candidate = Int(table[bucket]) - base
            table[bucket] = Int32(truncatingIfNeeded: base + position)
            if candidate >= 0 && position - candidate <= Self.windowSize
                && raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word {
                let length = 4 + Self.matchLength(src + candidate + 4, src + position + 4, min(Self.maxMatch, n - position) - 4)
                record(length: length, distance: position - candidate, writer: &writer)
                let end = position + length
                // The match's last position goes into the table too: text repeated next often
                // continues from there.
                let tail = end - 2
                if tail <= lastHashed && tail > position {
                    let tailWord = raw.loadUnaligned(fromByteOffset: tail, as: UInt32.self)
                    table[Int((tailWord &* 2_654_435_761) >> UInt32(32 - Self.greedyHashBits))] = Int32(truncatingIfNeeded: base + tail)
                }
                position = end
            } else {
                record(literal: src[position], writer: &writer)
                position += 1
            }
        }
        while position < n {
            record(literal: src[position], writer: &writer)
            position += 1
        }
    }
}

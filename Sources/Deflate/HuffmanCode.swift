/// Builds length-limited canonical Huffman codes for DEFLATE: code lengths from symbol frequencies
/// (Moffat–Katajainen in place, then the Kraft sum repaired so no code exceeds `maxLength`),
/// and the bit-reversed codes DEFLATE's LSB-first bit order needs.
enum HuffmanCode {
    /// Code lengths for `frequencies`, none longer than `maxLength`. At least two symbols get a code
    /// (symbols 0 and 1 are added when fewer are used), so every code is complete.
    static func lengths(frequencies: UnsafeMutableBufferPointer<Int>, maxLength: Int, into lengths: UnsafeMutableBufferPointer<UInt8>) {
        precondition(lengths.count >= frequencies.count && frequencies.count >= 2 && maxLength <= 15)
        for index in 0..<lengths.count { lengths[index] = 0 }
        var used = 0
        for frequency in frequencies where frequency > 0 { used += 1 }
        var index = 0
        while used < 2 {
            if frequencies[index] == 0 { frequencies[index] = 1; used += 1 }
            index += 1
        }
        // Pairs (frequency, symbol) sorted by frequency, then symbol, ascending.
        var pairs = [(key: Int, symbol: Int)]()
        pairs.reserveCapacity(used)
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 { pairs.append((frequency, symbol)) }
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.symbol < $1.symbol }
        let count = pairs.count
        pairs.withUnsafeMutableBufferPointer { a in
            minimumRedundancy(a, count)
            // a[i].key is now the depth of the i-th least frequent symbol.
            var lengthCounts = [Int](repeating: 0, count: 64)
            for i in 0..<count { lengthCounts[min(a[i].key, 63)] += 1 }
            enforceMaximum(&lengthCounts, maxLength: maxLength)
            var next = count
            for length in 1...maxLength {
                for _ in 0..<lengthCounts[length] {
                    next -= 1
                    lengths[a[next].symbol] = UInt8(length)
                }
            }
        }
    }

    /// In-place minimum-redundancy code lengths over keys sorted ascending (Moffat and Katajainen, 1995).
    private static func minimumRedundancy(_ a: UnsafeMutableBufferPointer<(key: Int, symbol: Int)>, _ n: Int) {
        if n == 1 { a[0].key = 1; return }
        a[0].key += a[1].key
        var root = 0
        var leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root].key < a[leaf].key {
                a[next].key = a[root].key
                a[root].key = next
                root += 1
            } else {
                a[next].key = a[leaf].key
                leaf += 1
            }
            if leaf >= n || (root < next && a[root].key < a[leaf].key) {
                a[next].key += a[root].key
                a[root].key = next
                root += 1
            } else {
                a[next].key += a[leaf].key
                leaf += 1
            }
        }
        a[n - 2].key = 0
        if n >= 3 {
            for next in stride(from: n - 3, through: 0, by: -1) { a[next].key = a[a[next].key].key + 1 }
        }
        var available = 1
        var usedNodes = 0
        var depth = 0
        var rootIndex = n - 2
        var nextIndex = n - 1
        while available > 0 {
            while rootIndex >= 0 && a[rootIndex].key == depth {
                usedNodes += 1
                rootIndex -= 1
            }
            while available > usedNodes {
                a[nextIndex].key = depth
                nextIndex -= 1
                available -= 1
            }
            available = 2 * usedNodes
            depth += 1
            usedNodes = 0
        }
    }

    /// Moves codes longer than `maxLength` up to it and repairs the Kraft sum by lengthening shorter ones.
    private static func enforceMaximum(_ counts: inout [Int], maxLength: Int) {
        for length in (maxLength + 1)..<counts.count {
            counts[maxLength] += counts[length]
            counts[length] = 0
        }
        var total = 0
        for length in 1...maxLength { total += counts[length] << (maxLength - length) }
        while total > 1 << maxLength {
            counts[maxLength] -= 1
            for length in stride(from: maxLength - 1, to: 0, by: -1) where counts[length] > 0 {
                counts[length] -= 1
                counts[length + 1] += 2
                break
            }
            total -= 1
        }
    }

    /// Canonical codes (RFC 1951 §3.2.2), bit-reversed for LSB-first output.
    static func codes(lengths: UnsafeBufferPointer<UInt8>, into codes: UnsafeMutableBufferPointer<UInt16>) {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths { lengthCounts[Int(length)] += 1 }
        lengthCounts[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + lengthCounts[bits - 1]) << 1
            nextCode[bits] = code
        }
        for symbol in 0..<lengths.count {
            let length = Int(lengths[symbol])
            guard length > 0 else { codes[symbol] = 0; continue }
            codes[symbol] = reversed(UInt16(nextCode[length]), bits: length)
            nextCode[length] += 1
        }
    }

    static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
        code.bitSwapped() >> (16 - bits)
    }
}

private extension UInt16 {
    func bitSwapped() -> UInt16 {
        var value = self
        value = (value & 0x5555) << 1 | (value >> 1) & 0x5555
        value = (value & 0x3333) << 2 | (value >> 2) & 0x3333
        value = (value & 0x0F0F) << 4 | (value >> 4) & 0x0F0F
        return value << 8 | value >> 8
    }
}

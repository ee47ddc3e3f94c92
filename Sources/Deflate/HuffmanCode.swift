/// Builds length-limited canonical Huffman codes for DEFLATE: code lengths from symbol frequencies
/// (Moffat–Katajainen in place, then the Kraft sum repaired so no code exceeds `maxLength`),
/// and the bit-reversed codes DEFLATE's LSB-first bit order needs.
enum HuffmanCode {
    /// Working memory for `lengths`, kept by an encoder so building a code allocates nothing.
    final class Scratch {
        /// (frequency << 9 | symbol) while sorting, then Moffat–Katajainen's keys and depths.
        let keys = UnsafeMutablePointer<Int>.allocate(capacity: 320)
        /// The sorted symbols, least frequent first.
        let symbols = UnsafeMutablePointer<Int>.allocate(capacity: 320)
        let lengthCounts = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        /// The code-length header's run-length symbols (symbol | extra << 8).
        let runs = UnsafeMutablePointer<UInt16>.allocate(capacity: 320)
        /// The radix sort's second buffer and its 256 bucket counts.
        let sortBuffer = UnsafeMutablePointer<Int>.allocate(capacity: 320)
        let buckets = UnsafeMutablePointer<Int>.allocate(capacity: 256)
        /// The code-length code: its frequencies (twice: the builder may add to one), lengths and codes.
        let headerFrequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 19)
        let headerCounted = UnsafeMutableBufferPointer<Int>.allocate(capacity: 19)
        let headerLengths = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 19)
        let headerCodes = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 19)

        init() {
            headerFrequencies.initialize(repeating: 0)
            headerCounted.initialize(repeating: 0)
            headerLengths.initialize(repeating: 0)
            headerCodes.initialize(repeating: 0)
        }

        deinit {
            sortBuffer.deallocate()
            buckets.deallocate()
            headerFrequencies.deallocate()
            headerCounted.deallocate()
            headerLengths.deallocate()
            headerCodes.deallocate()
            keys.deallocate()
            symbols.deallocate()
            lengthCounts.deallocate()
            runs.deallocate()
        }
    }

    /// Code lengths for `frequencies`, none longer than `maxLength`. At least two symbols get a code
    /// (symbols 0 and 1 are added when fewer are used), so every code is complete.
    static func lengths(frequencies: UnsafeMutableBufferPointer<Int>, maxLength: Int, into lengths: UnsafeMutableBufferPointer<UInt8>) {
        Self.lengths(frequencies: frequencies, maxLength: maxLength, into: lengths, scratch: Scratch())
    }

    static func lengths(
        frequencies: UnsafeMutableBufferPointer<Int>, maxLength: Int, into lengths: UnsafeMutableBufferPointer<UInt8>,
        scratch: Scratch
    ) {
        precondition(lengths.count >= frequencies.count && frequencies.count >= 2 && frequencies.count <= 320 && maxLength <= 15)
        lengths.update(repeating: 0)
        var used = 0
        for frequency in frequencies where frequency > 0 { used += 1 }
        var index = 0
        while used < 2 {
            if frequencies[index] == 0 { frequencies[index] = 1; used += 1 }
            index += 1
        }
        // Keys (frequency, symbol) sorted by frequency, then symbol, ascending.
        let keys = scratch.keys
        var count = 0
        var largest = 0
        for symbol in 0..<frequencies.count where frequencies[symbol] > 0 {
            keys[count] = frequencies[symbol] << 9 | symbol
            largest = max(largest, frequencies[symbol])
            count += 1
        }
        if count <= 32 {
            insertionSort(keys, count)
        } else if largest < 1 << 16 {
            // Keys are made in symbol order: a stable sort on the frequency alone keeps ties by symbol.
            radixSortByFrequency(keys, count, scratch: scratch)
        } else {
            heapSort(keys, count)
        }
        let symbols = scratch.symbols
        for i in 0..<count {
            symbols[i] = keys[i] & 511
            keys[i] >>= 9
        }
        minimumRedundancy(keys, count)
        // keys[i] is now the depth of the i-th least frequent symbol.
        let lengthCounts = scratch.lengthCounts
        lengthCounts.update(repeating: 0, count: 64)
        for i in 0..<count { lengthCounts[min(keys[i], 63)] += 1 }
        enforceMaximum(lengthCounts, maxLength: maxLength)
        var next = count
        for length in 1...maxLength {
            for _ in 0..<lengthCounts[length] {
                next -= 1
                lengths[symbols[next]] = UInt8(length)
            }
        }
    }

    private static func insertionSort(_ a: UnsafeMutablePointer<Int>, _ count: Int) {
        var index = 1
        while index < count {
            let value = a[index]
            var hole = index
            while hole > 0 && a[hole &- 1] > value {
                a[hole] = a[hole &- 1]
                hole &-= 1
            }
            a[hole] = value
            index &+= 1
        }
    }

    /// Stable LSD radix sort of keys (frequency << 9 | symbol) by their 16-bit frequency, two bytes.
    private static func radixSortByFrequency(_ a: UnsafeMutablePointer<Int>, _ count: Int, scratch: Scratch) {
        let other = scratch.sortBuffer
        let buckets = scratch.buckets
        for pass in 0..<2 {
            let shift = pass == 0 ? 9 : 17
            let (source, target) = pass == 0 ? (a, other) : (other, a)
            buckets.update(repeating: 0, count: 256)
            for index in 0..<count { buckets[(source[index] &>> shift) & 0xFF] &+= 1 }
            var total = 0
            for bucket in 0..<256 {
                let size = buckets[bucket]
                buckets[bucket] = total
                total &+= size
            }
            for index in 0..<count {
                let key = source[index]
                let bucket = (key &>> shift) & 0xFF
                target[buckets[bucket]] = key
                buckets[bucket] &+= 1
            }
        }
    }

    /// Sorts `count` keys ascending in place, allocating nothing.
    private static func heapSort(_ a: UnsafeMutablePointer<Int>, _ count: Int) {
        // Indices stay below `count` (at most 320): wrapping arithmetic spares the overflow checks.
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            let value = a[root]
            while true {
                var child = 2 &* root &+ 1
                guard child < end else { break }
                if child &+ 1 < end && a[child &+ 1] > a[child] { child &+= 1 }
                guard a[child] > value else { break }
                a[root] = a[child]
                root = child
            }
            a[root] = value
        }
        guard count > 1 else { return }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            let top = a[0]
            a[0] = a[end]
            a[end] = top
            siftDown(0, end)
        }
    }

    /// In-place minimum-redundancy code lengths over keys sorted ascending (Moffat and Katajainen, 1995).
    private static func minimumRedundancy(_ a: UnsafeMutablePointer<Int>, _ n: Int) {
        if n == 1 { a[0] = 1; return }
        a[0] += a[1]
        var root = 0
        var leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root += 1
            } else {
                a[next] = a[leaf]
                leaf += 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]
                a[root] = next
                root += 1
            } else {
                a[next] += a[leaf]
                leaf += 1
            }
        }
        a[n - 2] = 0
        if n >= 3 {
            for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 }
        }
        var available = 1
        var usedNodes = 0
        var depth = 0
        var rootIndex = n - 2
        var nextIndex = n - 1
        while available > 0 {
            while rootIndex >= 0 && a[rootIndex] == depth {
                usedNodes += 1
                rootIndex -= 1
            }
            while available > usedNodes {
                a[nextIndex] = depth
                nextIndex -= 1
                available -= 1
            }
            available = 2 * usedNodes
            depth += 1
            usedNodes = 0
        }
    }

    /// Moves codes longer than `maxLength` up to it and repairs the Kraft sum by lengthening shorter ones.
    private static func enforceMaximum(_ counts: UnsafeMutablePointer<Int>, maxLength: Int) {
        for length in (maxLength + 1)..<64 {
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
        // Two 16-entry tables on the stack: this runs for every block.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { table in
            let lengthCounts = table.baseAddress!
            let nextCode = lengthCounts + 16
            lengthCounts.initialize(repeating: 0, count: 32)
            for length in lengths { lengthCounts[Int(length)] += 1 }
            lengthCounts[0] = 0
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

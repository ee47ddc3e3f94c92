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
        /// The header's literal/length then distance code lengths, side by side.
        let allLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 320)
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
            allLengths.deallocate()
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
        // One pass clears the lengths and makes the keys (frequency, symbol) in symbol order.
        // Indices stay below 320 and frequencies are counts of symbols in memory: wrapping
        // arithmetic spares an overflow check per operation.
        let keys = scratch.keys
        let n = frequencies.count
        let frequency = frequencies.baseAddress!
        let length = lengths.baseAddress!
        var count = 0
        var largest = 0
        var symbol = 0
        while symbol < n {
            let value = frequency[symbol]
            length[symbol] = 0
            if value > 0 {
                keys[count] = value &<< 9 | symbol
                count &+= 1
                if value > largest { largest = value }
            }
            symbol &+= 1
        }
        if count < 2 {
            // Symbols 0 and 1 join so the code is complete.
            var index = 0
            count = 0
            var used = 0
            for value in frequencies where value > 0 { used += 1 }
            while used < 2 {
                if frequencies[index] == 0 { frequencies[index] = 1; used += 1 }
                index += 1
            }
            for symbol in 0..<n where frequencies[symbol] > 0 {
                keys[count] = frequencies[symbol] << 9 | symbol
                largest = max(largest, frequencies[symbol])
                count += 1
            }
        }
        // Keys sorted by frequency, then symbol, ascending.
        if count <= 32 {
            insertionSort(keys, count)
        } else if largest < 1 << 16 {
            // Keys are made in symbol order: a stable sort on the frequency alone keeps ties by symbol.
            radixSortByFrequency(keys, count, largest: largest, scratch: scratch)
        } else {
            heapSort(keys, count)
        }
        let symbols = scratch.symbols
        var i = 0
        while i < count {
            symbols[i] = keys[i] & 511
            keys[i] &>>= 9
            i &+= 1
        }
        minimumRedundancy(keys, count)
        // keys[i] is now the depth of the i-th least frequent symbol: keys[0] is the deepest, and
        // the tallies above `maxLength` are needed (and cleared) only when it is too deep.
        let tooDeep = keys[0] > maxLength
        let lengthCounts = scratch.lengthCounts
        lengthCounts.update(repeating: 0, count: tooDeep ? 64 : maxLength &+ 1)
        i = 0
        while i < count {
            lengthCounts[min(keys[i], 63)] &+= 1
            i &+= 1
        }
        if tooDeep { enforceMaximum(lengthCounts, maxLength: maxLength) }
        var next = count
        for bits in 1...maxLength {
            var left = lengthCounts[bits]
            while left > 0 {
                next &-= 1
                length[symbols[next]] = UInt8(truncatingIfNeeded: bits)
                left &-= 1
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

    /// Stable LSD radix sort of keys (frequency << 9 | symbol) by their 16-bit frequency: one pass
    /// over the low byte, and a second over the high byte only when some frequency needs it, over
    /// the buckets it can reach.
    private static func radixSortByFrequency(_ a: UnsafeMutablePointer<Int>, _ count: Int, largest: Int, scratch: Scratch) {
        let other = scratch.sortBuffer
        let buckets = scratch.buckets
        let passes = largest < 256 ? 1 : 2
        for pass in 0..<passes {
            let shift = pass == 0 ? 9 : 17
            let bucketCount = min(256, (largest &>> (shift &- 9)) &+ 1)
            let (source, target) = pass == 0 ? (a, other) : (other, a)
            buckets.update(repeating: 0, count: bucketCount)
            var index = 0
            while index < count {
                buckets[(source[index] &>> shift) & 0xFF] &+= 1
                index &+= 1
            }
            var total = 0
            for bucket in 0..<bucketCount {
                let size = buckets[bucket]
                buckets[bucket] = total
                total &+= size
            }
            index = 0
            while index < count {
                let key = source[index]
                let bucket = (key &>> shift) & 0xFF
                target[buckets[bucket]] = key
                buckets[bucket] &+= 1
                index &+= 1
            }
        }
        if passes == 1 { a.update(from: other, count: count) }
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
    /// Indices stay below 320 and sums below the input's size: wrapping arithmetic throughout.
    private static func minimumRedundancy(_ a: UnsafeMutablePointer<Int>, _ n: Int) {
        if n == 1 { a[0] = 1; return }
        a[0] &+= a[1]
        var root = 0
        var leaf = 2
        var next = 1
        while next < n &- 1 {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root &+= 1
            } else {
                a[next] = a[leaf]
                leaf &+= 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] &+= a[root]
                a[root] = next
                root &+= 1
            } else {
                a[next] &+= a[leaf]
                leaf &+= 1
            }
            next &+= 1
        }
        a[n &- 2] = 0
        var index = n &- 3
        while index >= 0 {
            a[index] = a[a[index]] &+ 1
            index &-= 1
        }
        var available = 1
        var usedNodes = 0
        var depth = 0
        var rootIndex = n &- 2
        var nextIndex = n &- 1
        while available > 0 {
            while rootIndex >= 0 && a[rootIndex] == depth {
                usedNodes &+= 1
                rootIndex &-= 1
            }
            while available > usedNodes {
                a[nextIndex] = depth
                nextIndex &-= 1
                available &-= 1
            }
            available = 2 &* usedNodes
            depth &+= 1
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
        precondition(codes.count >= lengths.count)
        guard let length = lengths.baseAddress, let code = codes.baseAddress else { return }
        let n = lengths.count
        // Two 16-entry tables on the stack: this runs for every block. Lengths are at most 15 and
        // codes below 2^15: wrapping arithmetic spares the checks.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { table in
            let lengthCounts = table.baseAddress!
            let nextCode = lengthCounts + 16
            lengthCounts.initialize(repeating: 0, count: 32)
            var symbol = 0
            while symbol < n {
                lengthCounts[Int(length[symbol] & 15)] &+= 1
                symbol &+= 1
            }
            lengthCounts[0] = 0
            var next = 0
            for bits in 1...15 {
                next = (next &+ lengthCounts[bits &- 1]) &<< 1
                nextCode[bits] = next
            }
            DeflateTables.reversedByte.withUnsafeBufferPointer { reversedByte in
                symbol = 0
                while symbol < n {
                    let bits = Int(length[symbol] & 15)
                    // Most of the 286 literal/length symbols go unused in a block of text.
                    if bits == 0 {
                        code[symbol] = 0
                        symbol &+= 1
                        continue
                    }
                    let value = nextCode[bits]
                    nextCode[bits] = value &+ 1
                    // Both bytes reversed and swapped, then shifted down to the code's width.
                    let swapped = Int(reversedByte[value & 0xFF]) &<< 8 | Int(reversedByte[(value &>> 8) & 0xFF])
                    code[symbol] = UInt16(truncatingIfNeeded: swapped &>> (16 &- bits))
                    symbol &+= 1
                }
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

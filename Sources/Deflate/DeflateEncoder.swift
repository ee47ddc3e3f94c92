/// A DEFLATE (RFC 1951) compressor: LZ77 over a 32 KiB window with hash chains and lazy matching
/// (zlib's level-6 parameters), then each block of up to 16 Ki symbols sent with whichever of a
/// dynamic Huffman code, the fixed code or stored bytes is smallest.
struct DeflateEncoder: ~Copyable {
    struct Parameters {
        /// Shorten the chain search once a match this long is in hand.
        var goodLength = 8
        /// Don't look for a better match after one at least this long.
        var maxLazy = 16
        /// Stop searching at a match this long.
        var niceLength = 128
        var maxChain = 128

        static let level6 = Parameters()
    }

    static let windowSize = 32768
    static let windowMask = windowSize - 1
    static let hashBits = 15
    static let maxSymbols = 16384
    static let minMatch = 3
    static let maxMatch = 258

    private let input: UnsafePointer<UInt8>
    private let placeholder: UnsafeMutablePointer<UInt8>?
    private let inputCount: Int
    private let parameters: Parameters
    private let head: UnsafeMutablePointer<Int32>
    private let previous: UnsafeMutablePointer<Int32>
    /// Low 16 bits: a literal byte or a match length; high 16 bits: the distance (0 for a literal).
    private let symbols: UnsafeMutablePointer<UInt32>
    private var symbolCount = 0
    private let literalFrequencies: UnsafeMutableBufferPointer<Int>
    private let distanceFrequencies: UnsafeMutableBufferPointer<Int>
    private var blockStart = 0
    /// `DeflateTables.lengthSymbol` then `.distanceSymbol`, copied so the hot loop reads plain memory.
    private let symbolTables: UnsafeMutablePointer<UInt8>
    private var blockEnd = 0

    init(input: UnsafeRawBufferPointer, parameters: Parameters = .level6) {
        // A zero-length buffer may have no base address; a byte of our own stands in, never read.
        placeholder = input.baseAddress == nil ? .allocate(capacity: 1) : nil
        self.input = input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(placeholder!)
        // Positions live in 32-bit hash chains.
        precondition(input.count < Int(Int32.max), "DeflateEncoder: input over 2 GiB")
        inputCount = input.count
        self.parameters = parameters
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: -1, count: 1 << Self.hashBits)
        previous = .allocate(capacity: Self.windowSize)
        previous.initialize(repeating: -1, count: Self.windowSize)
        symbols = .allocate(capacity: Self.maxSymbols)
        literalFrequencies = .allocate(capacity: 286)
        literalFrequencies.initialize(repeating: 0)
        distanceFrequencies = .allocate(capacity: 30)
        distanceFrequencies.initialize(repeating: 0)
        symbolTables = .allocate(capacity: 256 + 512)
        DeflateTables.lengthSymbol.withUnsafeBufferPointer { symbolTables.initialize(from: $0.baseAddress!, count: 256) }
        DeflateTables.distanceSymbol.withUnsafeBufferPointer { (symbolTables + 256).initialize(from: $0.baseAddress!, count: 512) }
    }

    deinit {
        placeholder?.deallocate()
        symbolTables.deallocate()
        head.deallocate()
        previous.deallocate()
        symbols.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
    }

    /// Compresses the whole input into `writer` as a complete DEFLATE stream (the last block final).
    mutating func encode(into writer: inout BitWriter) {
        let n = inputCount
        let src = input
        var position = 0
        var matchAvailable = false
        var matchLength = Self.minMatch - 1
        var matchStart = 0
        while position < n {
            var hashHead = -1
            if position + Self.minMatch <= n { hashHead = insert(position) }
            let previousLength = matchLength
            let previousMatch = matchStart
            matchLength = Self.minMatch - 1
            if hashHead >= 0 && previousLength < parameters.maxLazy && position - hashHead < Self.windowSize {
                (matchLength, matchStart) = longestMatch(at: position, candidate: hashHead, previousLength: previousLength)
                // A 3-byte match far away costs more bits than three literals.
                if matchLength == Self.minMatch && position - matchStart > 4096 { matchLength = Self.minMatch - 1 }
            }
            if previousLength >= Self.minMatch && matchLength <= previousLength {
                let end = position - 1 + previousLength
                record(length: previousLength, distance: position - 1 - previousMatch, writer: &writer)
                var next = position + 1
                let lastInsert = n - Self.minMatch
                while next < end {
                    if next <= lastInsert { _ = insert(next) }
                    next += 1
                }
                position = end
                matchAvailable = false
                matchLength = Self.minMatch - 1
            } else if matchAvailable {
                record(literal: src[position - 1], writer: &writer)
                position += 1
            } else {
                matchAvailable = true
                position += 1
            }
        }
        if matchAvailable { record(literal: src[position - 1], writer: &writer) }
        flushBlock(final: true, writer: &writer)
    }

    // MARK: Matching

    @inline(__always)
    private func hash(at position: Int) -> Int {
        let value: UInt32
        if position + 4 <= inputCount {
            value = UnsafeRawPointer(input + position).loadUnaligned(as: UInt32.self).littleEndian & 0xFF_FFFF
        } else {
            value = UInt32(input[position]) | UInt32(input[position + 1]) << 8 | UInt32(input[position + 2]) << 16
        }
        return Int((value &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
    }

    /// Links `position` into its hash chain and returns the chain's previous head (-1 if none).
    @inline(__always)
    private func insert(_ position: Int) -> Int {
        let bucket = hash(at: position)
        let old = head[bucket]
        previous[position & Self.windowMask] = old
        head[bucket] = Int32(truncatingIfNeeded: position)
        return Int(old)
    }

    /// The longest match for `position` along the chain from `candidate` that beats `previousLength`,
    /// or `minMatch - 1` when there is none.
    @inline(__always)
    private func longestMatch(at position: Int, candidate: Int, previousLength: Int) -> (Int, Int) {
        let maxLength = min(Self.maxMatch, inputCount - position)
        var best = max(previousLength, Self.minMatch - 1)
        guard best < maxLength else { return (Self.minMatch - 1, 0) }
        var bestStart = -1
        var chain = previousLength >= parameters.goodLength ? parameters.maxChain >> 2 : parameters.maxChain
        let nice = min(parameters.niceLength, maxLength)
        let limit = position - Self.windowSize
        let here = input + position
        var candidate = candidate
        while candidate > limit && candidate >= 0 && chain > 0 {
            let there = input + candidate
            if there[best] == here[best] && there[0] == here[0] && there[1] == here[1] {
                let length = Self.matchLength(there, here, maxLength)
                if length > best {
                    best = length
                    bestStart = candidate
                    if length >= nice { break }
                }
            }
            candidate = Int(previous[candidate & Self.windowMask])
            chain -= 1
        }
        return bestStart >= 0 ? (best, bestStart) : (Self.minMatch - 1, 0)
    }

    /// How many bytes from `a` equal those from `b`, up to `maxLength` (both ranges are in the input).
    @inline(__always)
    private static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ maxLength: Int) -> Int {
        var length = 0
        while length + 8 <= maxLength {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            let difference = (x ^ y).littleEndian
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < maxLength && a[length] == b[length] { length += 1 }
        return length
    }

    // MARK: Symbols

    @inline(__always)
    private mutating func record(literal: UInt8, writer: inout BitWriter) {
        symbols[symbolCount] = UInt32(literal)
        symbolCount += 1
        literalFrequencies[Int(literal)] += 1
        blockEnd += 1
        if symbolCount == Self.maxSymbols { flushBlock(final: false, writer: &writer) }
    }

    @inline(__always)
    private mutating func record(length: Int, distance: Int, writer: inout BitWriter) {
        symbols[symbolCount] = UInt32(length) | UInt32(distance) << 16
        symbolCount += 1
        literalFrequencies[257 + Int(symbolTables[length - 3])] += 1
        let value = distance - 1
        distanceFrequencies[Int(symbolTables[256 + (value < 256 ? value : 256 + (value >> 7))])] += 1
        blockEnd += length
        if symbolCount == Self.maxSymbols { flushBlock(final: false, writer: &writer) }
    }

    @inline(__always)
    static func lengthSymbol(_ length: Int) -> UInt8 {
        DeflateTables.lengthSymbol.withUnsafeBufferPointer { $0[length - 3] }
    }

    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> UInt8 {
        let value = distance - 1
        return DeflateTables.distanceSymbol.withUnsafeBufferPointer { $0[value < 256 ? value : 256 + (value >> 7)] }
    }

    // MARK: Blocks

    private mutating func flushBlock(final: Bool, writer: inout BitWriter) {
        literalFrequencies[256] = 1
        let block = BlockWriter(
            symbols: UnsafeBufferPointer(start: symbols, count: symbolCount),
            literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
        let raw = UnsafeRawBufferPointer(start: input + blockStart, count: blockEnd - blockStart)
        block.write(final: final, raw: raw, into: &writer)
        for index in 0..<286 { literalFrequencies[index] = 0 }
        for index in 0..<30 { distanceFrequencies[index] = 0 }
        symbolCount = 0
        blockStart = blockEnd
    }
}

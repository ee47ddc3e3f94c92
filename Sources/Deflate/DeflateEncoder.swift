/// A DEFLATE (RFC 1951) compressor whose tables outlive one input: keep one per thread (an event
/// loop) and feed it input after input, so a response costs no table allocation and no clearing.
/// Hash heads hold positions offset by `base`, which moves past each input once it is coded: an
/// entry left by an earlier input reads as below the current one and is ignored, never cleared.
/// The match finders live in `DeflateEncoder+Greedy` (fast, for pages made per request) and
/// `DeflateEncoder+Lazy` (zlib's level 6, for files compressed once); both record symbols here, and
/// each block of up to 16 Ki symbols goes out with whichever of a dynamic Huffman code, the fixed
/// code or stored bytes is smallest.
struct DeflateEncoder: ~Copyable {
    static let windowSize = 32768
    static let windowMask = windowSize - 1
    static let hashBits = 15
    static let maxSymbols = 16384
    static let minMatch = 3
    static let maxMatch = 258

    /// The input being coded; only valid inside `encode`.
    var input: UnsafePointer<UInt8>
    var inputCount = 0
    /// Hash bucket → the last position (plus `base`) whose bytes hashed there; -1 when never used.
    let head: UnsafeMutablePointer<Int32>
    /// Position (window-masked) → the previous position in its hash chain; only the lazy finder uses it.
    private(set) var previous: UnsafeMutablePointer<Int32>?
    /// Added to positions stored in `head` and `previous`: entries below it belong to earlier inputs.
    var base = 0
    /// A literal byte (below 256), or a match: its length in bits 0...8, its distance's symbol in
    /// bits 9...13 (found here for its frequency, so the block writer need not look it up again),
    /// and the distance (at least 1) in the high 16 bits.
    let symbols: UnsafeMutablePointer<UInt32>
    var symbolCount = 0
    let literalFrequencies: UnsafeMutableBufferPointer<Int>
    let distanceFrequencies: UnsafeMutableBufferPointer<Int>
    private var blockStart = 0
    var blockEnd = 0
    /// `DeflateTables.lengthSymbol` then `.distanceSymbol`, copied so the hot loop reads plain memory.
    let symbolTables: UnsafeMutablePointer<UInt8>
    /// Scratch the block writer reuses for code lengths and codes.
    let blockScratch: BlockScratch

    init() {
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: -1, count: 1 << Self.hashBits)
        symbols = .allocate(capacity: Self.maxSymbols)
        literalFrequencies = .allocate(capacity: 286)
        literalFrequencies.initialize(repeating: 0)
        distanceFrequencies = .allocate(capacity: 30)
        distanceFrequencies.initialize(repeating: 0)
        let tables = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 + 512)
        DeflateTables.lengthSymbol.withUnsafeBufferPointer { tables.initialize(from: $0.baseAddress!, count: 256) }
        DeflateTables.distanceSymbol.withUnsafeBufferPointer { (tables + 256).initialize(from: $0.baseAddress!, count: 512) }
        symbolTables = tables
        blockScratch = BlockScratch()
        input = UnsafePointer(tables)
    }

    deinit {
        symbolTables.deallocate()
        head.deallocate()
        previous?.deallocate()
        symbols.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
    }

    /// Compresses all of `bytes` into `writer` as a complete DEFLATE stream (the last block final).
    mutating func encode(_ bytes: UnsafeRawBufferPointer, level: Gzip.Level, into writer: inout BitWriter) {
        // Positions live in 32-bit tables, offset by `base`.
        precondition(bytes.count < Int(Int32.max) / 2, "DeflateEncoder: input over 1 GiB")
        if base + bytes.count + Self.windowSize >= Int(Int32.max) { forgetEarlierInputs() }
        if level == .default && previous == nil {
            previous = .allocate(capacity: Self.windowSize)
            previous!.initialize(repeating: -1, count: Self.windowSize)
        }
        inputCount = bytes.count
        // An empty buffer may have no base address; nothing is read from it then.
        input = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(symbolTables)
        symbolCount = 0
        blockStart = 0
        blockEnd = 0
        switch level {
        case .fast: encodeGreedy(into: &writer)
        case .default: encodeLazy(into: &writer)
        }
        flushBlock(final: true, writer: &writer)
        // Everything stored so far now reads as below the next input's positions, window included.
        base += bytes.count + Self.windowSize + 1
    }

    /// Clears the tables outright, once every 2 GiB of input, before offset positions would overflow.
    private mutating func forgetEarlierInputs() {
        head.update(repeating: -1, count: 1 << Self.hashBits)
        previous?.update(repeating: -1, count: Self.windowSize)
        base = 0
    }

    // MARK: Matching

    /// How many bytes from `a` equal those from `b`, up to `maxLength` (both ranges are in the input).
    @inline(__always)
    static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ maxLength: Int) -> Int {
        var length = 0
        while length &+ 8 <= maxLength {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            let difference = (x ^ y).littleEndian
            if difference != 0 { return length &+ difference.trailingZeroBitCount &>> 3 }
            length &+= 8
        }
        while length < maxLength && a[length] == b[length] { length &+= 1 }
        return length
    }

    // MARK: Symbols

    @inline(__always)
    mutating func record(literal: UInt8, writer: inout BitWriter) {
        symbols[symbolCount] = UInt32(literal)
        symbolCount += 1
        literalFrequencies[Int(literal)] += 1
        blockEnd += 1
        if symbolCount == Self.maxSymbols { flushBlock(final: false, writer: &writer) }
    }

    @inline(__always)
    mutating func record(length: Int, distance: Int, writer: inout BitWriter) {
        let value = distance - 1
        let distanceCode = symbolTables[256 + (value < 256 ? value : 256 + (value >> 7))]
        symbols[symbolCount] = UInt32(length) | UInt32(distanceCode) << 9 | UInt32(distance) << 16
        symbolCount += 1
        literalFrequencies[257 + Int(symbolTables[length - 3])] += 1
        distanceFrequencies[Int(distanceCode)] += 1
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

    mutating func flushBlock(final: Bool, writer: inout BitWriter) {
        literalFrequencies[256] = 1
        let block = BlockWriter(
            symbols: UnsafeBufferPointer(start: symbols, count: symbolCount),
            literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies, scratch: blockScratch)
        let raw = UnsafeRawBufferPointer(start: input + blockStart, count: blockEnd - blockStart)
        block.write(final: final, raw: raw, into: &writer)
        literalFrequencies.update(repeating: 0)
        distanceFrequencies.update(repeating: 0)
        symbolCount = 0
        blockStart = blockEnd
    }
}

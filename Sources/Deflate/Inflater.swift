/// A small, strict DEFLATE decoder after Mark Adler's puff: canonical codes decoded by counting,
/// every code required complete, every distance checked. It exists to check the encoder (tests,
/// the fuzz target), not for speed.
struct Inflater {
    private let input: [UInt8]
    private(set) var position: Int
    private var bitBuffer = 0
    private var bitCount = 0
    private(set) var output: [UInt8] = []
    private let maxOutputBytes: Int

    init(input: [UInt8], start: Int = 0, maxOutputBytes: Int = 1 << 30) {
        self.input = input
        position = start
        self.maxOutputBytes = maxOutputBytes
    }

    /// A canonical code: how many codes have each length, and the symbols in code order.
    private struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) throws(InflateError) {
            symbols = []
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                if left < 0 { throw .badCode }
            }
            // Every code here must be complete, except a lone one-bit code (a single distance).
            let used = lengths.count - counts[0]
            if left > 0 && !(used == 1 && counts[1] == 1) { throw .badCode }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: used)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    mutating func bits(_ need: Int) throws(InflateError) -> Int {
        while bitCount < need {
            guard position < input.count else { throw .truncated }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << need) - 1)
        bitBuffer >>= need
        bitCount -= need
        return value
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
        bitBuffer = 0
        bitCount = 0
    }

    private mutating func decode(_ code: Code) throws(InflateError) -> Int {
        var value = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - count < first { return code.symbols[index + (value - first)] }
            index += count
            first += count
            first <<= 1
            value <<= 1
        }
        throw .badCode
    }

    mutating func inflate() throws(InflateError) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(literal: Self.fixedLiteral, distance: Self.fixedDistance)
            case 2:
                let (literal, distance) = try dynamicCodes()
                try codes(literal: literal, distance: distance)
            default: throw .badBlockType
            }
        }
        alignToByte()
    }

    private mutating func stored() throws(InflateError) {
        alignToByte()
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .badStoredLength }
        position += 4
        guard position + length <= input.count else { throw .truncated }
        guard output.count + length <= maxOutputBytes else { throw .outputTooLarge }
        output.append(contentsOf: input[position..<(position + length)])
        position += length
    }

    private static let fixedLiteral = try! Code(lengths: DeflateTables.fixedLiteralLengths.map(Int.init))
    private static let fixedDistance = try! Code(lengths: [Int](repeating: 5, count: 32))  // 30 and 31 decode, then fail

    private mutating func dynamicCodes() throws(InflateError) -> (Code, Code) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .badCode }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[DeflateTables.codeLengthOrder[index]] = try bits(3) }
        let codeLengthCode = try Code(lengths: codeLengthLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengthCode)
            var repeated = 0
            var count = 0
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
                continue
            case 16:
                guard let previous = lengths.last else { throw .badCode }
                repeated = previous
                count = 3 + (try bits(2))
            case 17: count = 3 + (try bits(3))
            default: count = 11 + (try bits(7))
            }
            guard lengths.count + count <= literalCount + distanceCount else { throw .badCode }
            lengths.append(contentsOf: repeatElement(repeated, count: count))
        }
        guard lengths[256] != 0 else { throw .badCode }
        return (try Code(lengths: Array(lengths[0..<literalCount])), try Code(lengths: Array(lengths[literalCount...])))
    }

    private mutating func codes(literal: Code, distance: Code) throws(InflateError) {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                guard output.count < maxOutputBytes else { throw .outputTooLarge }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthCode = symbol - 257
                guard lengthCode < 29 else { throw .badCode }
                let length = DeflateTables.lengthBase[lengthCode] + (try bits(DeflateTables.lengthExtraBits[lengthCode]))
                let distanceCode = try decode(distance)
                guard distanceCode < 30 else { throw .badDistance }
                let offset = DeflateTables.distanceBase[distanceCode] + (try bits(DeflateTables.distanceExtraBits[distanceCode]))
                guard offset <= output.count else { throw .badDistance }
                guard output.count + length <= maxOutputBytes else { throw .outputTooLarge }
                let start = output.count - offset
                for index in 0..<length { output.append(output[start + index]) }
            }
        }
    }
}

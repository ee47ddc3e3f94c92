import Testing
@testable import Deflate

@Suite struct HuffmanCodeTests {
    /// Kraft's sum over the used lengths, scaled by 2^15: exactly 2^15 for a complete code.
    private func kraft(_ lengths: [UInt8]) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
    }

    private func lengths(_ frequencies: [Int], maxLength: Int) -> [UInt8] {
        var frequencies = frequencies
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        frequencies.withUnsafeMutableBufferPointer { frequencies in
            lengths.withUnsafeMutableBufferPointer { HuffmanCode.lengths(frequencies: frequencies, maxLength: maxLength, into: $0) }
        }
        return lengths
    }

    @Test func fibonacciFrequenciesAreLimitedToFifteenBitsAndStayComplete() {
        // Unlimited, these would need codes 30 bits long.
        var fibonacci = [1, 1]
        while fibonacci.count < 32 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let result = lengths(fibonacci, maxLength: 15)
        #expect(result.allSatisfy { $0 >= 1 && $0 <= 15 })
        #expect(kraft(result) == 1 << 15)
    }

    @Test func codeLengthCodesAreLimitedToSevenBits() {
        var fibonacci = [1, 1]
        while fibonacci.count < 19 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let result = lengths(fibonacci, maxLength: 7)
        #expect(result.allSatisfy { $0 >= 1 && $0 <= 7 })
        #expect(kraft(result) == 1 << 15)
    }

    @Test func aSingleUsedSymbolStillGetsACompleteTwoSymbolCode() {
        let result = lengths([0, 0, 5, 0], maxLength: 15)
        #expect(result.filter { $0 > 0 }.count == 2)
        #expect(result[2] == 1)
        #expect(kraft(result) == 1 << 15)
    }

    @Test func moreFrequentSymbolsNeverGetLongerCodes() {
        let frequencies = [100, 1, 50, 3, 3, 20, 0, 7]
        let result = lengths(frequencies, maxLength: 15)
        for a in frequencies.indices where frequencies[a] > 0 {
            for b in frequencies.indices where frequencies[b] > frequencies[a] {
                #expect(result[b] <= result[a])
            }
        }
        #expect(kraft(result) == 1 << 15)
    }

    /// The cost of an optimal (unlimited) Huffman code: the sum of the merged weights.
    private func optimalCost(_ frequencies: [Int]) -> Int {
        var weights = frequencies.filter { $0 > 0 }.sorted()
        var cost = 0
        while weights.count > 1 {
            let merged = weights.removeFirst() + weights.removeFirst()
            cost += merged
            weights.insert(merged, at: weights.firstIndex { $0 >= merged } ?? weights.count)
        }
        return cost
    }

    /// Short lists are sorted by insertion, long ones by a radix sort on the frequency, huge
    /// frequencies by a heap sort: each must give an optimal, complete code.
    @Test(arguments: [(20, 1000), (286, 16383), (286, 3), (200, 1 << 20)])
    func everySortGivesAnOptimalCode(symbols: Int, maximum: Int) {
        var bytes = TestBytes(seed: UInt64(symbols * 31 + maximum))
        // Geometric-ish weights keep the codes under 15 bits, where the optimum is unconstrained.
        let frequencies = (0..<symbols).map { index in index % 7 == 3 ? 0 : 1 + Int(bytes.next() % UInt64(maximum)) }
        let result = lengths(frequencies, maxLength: 15)
        #expect(kraft(result) == 1 << 15)
        if result.allSatisfy({ $0 < 15 }) {
            #expect(zip(frequencies, result).reduce(0) { $0 + $1.0 * Int($1.1) } == optimalCost(frequencies))
        }
    }
}

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
}

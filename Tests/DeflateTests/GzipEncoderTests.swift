import Testing
@testable import Deflate

/// A kept encoder must code each input exactly as a fresh one would: what earlier inputs left in
/// its tables is never taken for a match, whatever the levels and sizes in between.
@Suite struct GzipEncoderTests {
    static let inputs: [[UInt8]] = {
        var bytes = TestBytes(seed: 2026)
        return [
            TestBytes.benchmarkLikePage(),
            bytes.words(5000),
            [],
            Array("abc".utf8),
            TestBytes.benchmarkLikePage() + bytes.random(3000),
            bytes.words(70_000),
            bytes.random(2000) + TestBytes.benchmarkLikePage(),
        ]
    }()

    @Test func aKeptEncoderCodesEachInputAsAFreshOneWould() throws {
        let kept = GzipEncoder()
        for round in 0..<3 {
            for (index, input) in Self.inputs.enumerated() {
                let level: Gzip.Level = (index + round) % 2 == 0 ? .fast : .default
                let ours = input.withUnsafeBytes { kept.compress($0, level: level) }
                #expect(ours == Gzip.compress(input, level: level), "input \(index), round \(round), \(level)")
                #expect(try Gzip.decompress(ours) == input, "input \(index), round \(round), \(level)")
            }
        }
    }

    @Test(arguments: [Gzip.Level.fast, .default])
    func theTablesAreClearedBeforeOffsetPositionsWouldOverflow(level: Gzip.Level) throws {
        let kept = GzipEncoder(positionBase: Int(Int32.max) - 80_000)
        for input in Self.inputs {
            let ours = input.withUnsafeBytes { kept.compress($0, level: level) }
            #expect(ours == Gzip.compress(input, level: level))
        }
    }

    @Test func theMemberIsHandedOutWithoutACopyAndMatchesTheArrayForm() {
        let page = TestBytes.benchmarkLikePage()
        let kept = GzipEncoder()
        let size = page.withUnsafeBytes { kept.compress($0, level: .fast) { $0.count } }
        #expect(size == Gzip.compress(page, level: .fast).count)
        #expect(size < page.count / 4)
    }
}

import Testing
@testable import Deflate

/// Every output of the encoder goes through Python's gzip module and our inflater, byte for byte.
@Suite struct GzipRoundTripTests {
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var bytes = TestBytes(seed: 1951)
        return [
            ("empty", []),
            ("one byte", [0x41]),
            ("two bytes", [0, 255]),
            ("three equal bytes", [7, 7, 7]),
            ("random 100", bytes.random(100)),
            ("random 4 KiB", bytes.random(4096)),
            ("incompressible 100 KiB (stored blocks past 64 KiB)", bytes.random(100_000)),
            ("one byte repeated 100 KiB", [UInt8](repeating: 0x61, count: 100_000)),
            ("short pattern repeated", Array(String(repeating: "abcabd", count: 20_000).utf8)),
            ("words 1 KiB", bytes.words(1024)),
            ("words 120 KiB (several blocks, far matches)", bytes.words(120_000)),
            ("benchmark-like page", TestBytes.benchmarkLikePage()),
            ("page then noise", TestBytes.benchmarkLikePage() + bytes.random(40_000) + TestBytes.benchmarkLikePage()),
        ]
    }()

    @Test(arguments: inputs.indices, [Gzip.Level.fast, .default])
    func pythonDecompressesTheEncoderOutput(index: Int, level: Gzip.Level) throws {
        let input = Self.inputs[index]
        let compressed = Gzip.compress(input.bytes, level: level)
        #expect(try PythonGzip.decompress(compressed) == input.bytes, "\(input.name), \(level)")
        #expect(try Gzip.decompress(compressed) == input.bytes, "\(input.name), \(level)")
    }

    @Test(arguments: [Gzip.Level.fast, .default])
    func incompressibleInputGrowsOnlyByFraming(level: Gzip.Level) {
        var bytes = TestBytes(seed: 7)
        let input = bytes.random(100_000)
        // Stored blocks cost 5 bytes each (one per 16 Ki symbols), plus 18 bytes of gzip framing.
        #expect(Gzip.compress(input, level: level).count <= input.count + 5 * (input.count / 16384 + 2) + 18)
    }

    @Test func theFastLevelMakesTheBenchmarkLikePageAtMostATenthLargerThanGzipLevelOne() throws {
        let page = TestBytes.benchmarkLikePage()
        let reference = try PythonGzip.compress(page, level: 1)
        let ours = Gzip.compress(page, level: .fast)
        #expect(Double(ours.count) <= Double(reference.count) * 1.1, "ours \(ours.count) B, gzip -1 \(reference.count) B")
    }

    @Test func theBenchmarkLikePageCompressesAboutAsWellAsGzipLevelSix() throws {
        let page = TestBytes.benchmarkLikePage()
        let reference = try PythonGzip.compress(page, level: 6)
        let ours = Gzip.compress(page)
        #expect(Double(ours.count) <= Double(reference.count) * 1.3, "ours \(ours.count) B, gzip -6 \(reference.count) B")
    }

    @Test(arguments: [0, 1, 6, 9])
    func theInflaterReadsPythonsOutput(level: Int) throws {
        var bytes = TestBytes(seed: UInt64(level))
        let input = TestBytes.benchmarkLikePage() + bytes.words(50_000) + bytes.random(1000)
        #expect(try Gzip.decompress(try PythonGzip.compress(input, level: level)) == input)
    }

    @Test func theInflaterRejectsACorruptChecksum() {
        var compressed = Gzip.compress(Array("hello, hello, hello".utf8))
        compressed[compressed.count - 8] ^= 1
        #expect(throws: InflateError.checksumMismatch) { try Gzip.decompress(compressed) }
    }

    @Test func theHeaderIsAPlainGzipMember() {
        let compressed = Gzip.compress(Array("x".utf8))
        #expect(Array(compressed.prefix(4)) == [0x1F, 0x8B, 8, 0])
        #expect(Array(compressed.suffix(4)) == [1, 0, 0, 0])
    }
}

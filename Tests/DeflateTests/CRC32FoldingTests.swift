import Testing
@testable import Deflate

/// The carry-less-multiply folding (C shim) must give the table code's checksum for every length
/// around its 64- and 16-byte steps, from any seed.
@Suite struct CRC32FoldingTests {
    @Test func foldingAgreesWithTheTablesAtEveryLengthUpToFourHundredBytes() {
        var bytes = TestBytes(seed: 0xEDB8_8320)
        let input = bytes.random(400)
        for length in 0...input.count {
            let seed = UInt32(truncatingIfNeeded: bytes.next())
            input.withUnsafeBytes { all in
                let slice = UnsafeRawBufferPointer(rebasing: all[0..<length])
                #expect(
                    CRC32.checksum(slice, seed: seed, folding: true) == CRC32.checksum(slice, seed: seed, folding: false),
                    "length \(length)")
            }
        }
    }

    @Test func aPageChecksumsInPiecesAsInOne() {
        let page = TestBytes.benchmarkLikePage()
        let first = page.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<1000])) }
        let whole = page.withUnsafeBytes { CRC32.checksum($0) }
        let rest = page.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[1000...]), seed: first) }
        #expect(rest == whole)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}

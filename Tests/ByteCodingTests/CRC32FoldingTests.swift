import Testing
import TestSupport
@testable import ByteCoding

/// The carry-less-multiply folding (C shim) must give the table code's checksum for every length
/// around its 64- and 16-byte steps, from any seed.
@Suite struct CRC32FoldingTests {
    @Test func foldingAgreesWithTheTablesAtEveryLengthUpToFourHundredBytes() {
        var generator = SeededGenerator(seed: 0xEDB8_8320)
        let input = (0..<400).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for length in 0...input.count {
            let seed = UInt32(truncatingIfNeeded: generator.next())
            input.withUnsafeBytes { all in
                let slice = UnsafeRawBufferPointer(rebasing: all[0..<length])
                #expect(
                    CRC32.checksum(slice, seed: seed, folding: true) == CRC32.checksum(slice, seed: seed, folding: false),
                    "length \(length)")
            }
        }
    }

    @Test func aPageChecksumsInPiecesAsInOne() {
        let page = Array(String(repeating: "<li class=\"item\"><a href=\"/library/category-3/items/7\">Item 7</a></li>\n", count: 80).utf8)
        let first = page.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<1000])) }
        let whole = page.withUnsafeBytes { CRC32.checksum($0) }
        let rest = page.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[1000...]), seed: first) }
        #expect(rest == whole)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}

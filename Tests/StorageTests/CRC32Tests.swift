import ByteCoding
import Testing
@testable import Storage

struct CRC32Tests {
    @Test(arguments: [
        ("", UInt32(0)),
        ("a", UInt32(0xE8B7_BE43)),
        ("123456789", UInt32(0xCBF4_3926)),
        ("The quick brown fox jumps over the lazy dog", UInt32(0x414F_A339)),
    ])
    func matchesPublishedCheckValues(input: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(input.utf8)) == expected)
    }

    @Test func checksumInPiecesEqualsChecksumOfWhole() {
        let bytes = Array("123456789".utf8)
        let first = CRC32.checksum(bytes[..<4])
        #expect(CRC32.checksum(bytes[4...], seed: first) == 0xCBF4_3926)
    }
}

import Testing
@testable import ByteCoding

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

    /// Eight bytes at a time and one at a time agree at every length and alignment.
    @Test func theSlicedPathAgreesWithTheBytewiseOne() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<9 {
            for end in stride(from: start, through: bytes.count, by: 7) {
                let slice = bytes[start..<end]
                #expect(CRC32.checksum(slice, seed: 0x1234_5678) == CRC32.checksum(slice.lazy.map { $0 }, seed: 0x1234_5678))
            }
        }
    }
}

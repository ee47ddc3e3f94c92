import Testing
@testable import HTTPCore

/// The word-at-a-time check of field values agrees with the byte rule (field-vchar, SP, HTAB,
/// obs-text) for every byte value at every position of values around a word's length.
@Suite struct HTTPResponseSerializerValueCheckTests {
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 24, 31])
    func wordCheckAgreesWithTheByteRule(length: Int) {
        for byte in 0...255 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = UInt8(byte)
                let expected = byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
                let checked = bytes.withUnsafeBufferPointer { HTTPResponseSerializer.hasOnlySafeValueBytes($0) }
                #expect(checked == expected, "byte \(byte) at \(position) of \(length)")
            }
        }
    }

    @Test(arguments: [1, 7, 8, 9, 12, 15, 16, 17, 24])
    func tokenWordCheckAgreesWithTheByteRule(length: Int) {
        for byte in 0...255 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = UInt8(byte)
                let checked = bytes.withUnsafeBufferPointer { HTTPResponseSerializer.hasOnlyTokenBytes($0) }
                #expect(checked == ASCII.isTokenCharacter(UInt8(byte)), "byte \(byte) at \(position) of \(length)")
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer { HTTPResponseSerializer.hasOnlyTokenBytes($0) })
    }

    @Test func emptyValueIsSafe() {
        #expect([UInt8]().withUnsafeBufferPointer { HTTPResponseSerializer.hasOnlySafeValueBytes($0) })
    }
}

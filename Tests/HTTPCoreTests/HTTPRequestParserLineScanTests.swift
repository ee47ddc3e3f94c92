import Testing
@testable import HTTPCore

/// The word-at-a-time search for the first control byte must find exactly what a byte-by-byte
/// search finds, wherever the byte sits in a word and whatever surrounds it.
@Suite struct HTTPRequestParserLineScanTests {
    private static func naiveFirstControlByte(_ bytes: [UInt8], from: Int, to end: Int) -> Int {
        (from..<end).first { bytes[$0] < 0x20 || bytes[$0] == 0x7F } ?? end
    }

    @Test(arguments: [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x7F] as [UInt8])
    func theFirstControlByteIsFoundAtEveryPlace(special: UInt8) {
        // Fillers next to the limits of the tests: the last byte below each limit, above it, and high bytes.
        for filler in [0x20, 0x21, 0x7E, 0x80, 0xFF, 0x41] as [UInt8] {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 24] {
                let plain = [UInt8](repeating: filler, count: length)
                #expect(plain.withUnsafeBufferPointer { HTTPRequestParser.firstControlByte(in: $0, from: 0, to: length) } == length)
                for place in 0..<length {
                    var bytes = plain
                    bytes[place] = special
                    // A second control byte after the first, and a byte that a borrow could flag.
                    if place + 1 < length { bytes[place + 1] = 0x01 }
                    if place + 2 < length { bytes[place + 2] = 0x20 }
                    for from in [0, min(place, 3)] {
                        let found = bytes.withUnsafeBufferPointer {
                            HTTPRequestParser.firstControlByte(in: $0, from: from, to: length)
                        }
                        #expect(found == Self.naiveFirstControlByte(bytes, from: from, to: length),
                                "special \(special) filler \(filler) at \(place) of \(length) from \(from)")
                    }
                }
            }
        }
    }
}

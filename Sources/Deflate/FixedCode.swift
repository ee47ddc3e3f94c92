/// The fixed Huffman code of RFC 1951 §3.2.6, built once.
final class FixedCode: Sendable {
    static let shared = FixedCode()

    let literalCodes: [UInt16]
    let distanceCodes: [UInt16]

    private init() {
        var literalCodes = [UInt16](repeating: 0, count: 288)
        var distanceCodes = [UInt16](repeating: 0, count: 30)
        DeflateTables.fixedLiteralLengths.withUnsafeBufferPointer { lengths in
            literalCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(lengths: lengths, into: $0) }
        }
        DeflateTables.fixedDistanceLengths.withUnsafeBufferPointer { lengths in
            distanceCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(lengths: lengths, into: $0) }
        }
        self.literalCodes = literalCodes
        self.distanceCodes = distanceCodes
    }

    func withCodes<R>(
        _ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        literalCodes.withUnsafeBufferPointer { literalCodes in
            DeflateTables.fixedLiteralLengths.withUnsafeBufferPointer { literalLengths in
                distanceCodes.withUnsafeBufferPointer { distanceCodes in
                    DeflateTables.fixedDistanceLengths.withUnsafeBufferPointer { distanceLengths in
                        body(literalCodes, literalLengths, distanceCodes, distanceLengths)
                    }
                }
            }
        }
    }
}

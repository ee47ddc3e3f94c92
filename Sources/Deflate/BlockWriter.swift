/// Sends one DEFLATE block: builds its dynamic Huffman code, prices the dynamic, fixed and stored
/// forms exactly, and writes the cheapest.
struct BlockWriter {
    let symbols: UnsafeBufferPointer<UInt32>
    let literalFrequencies: UnsafeMutableBufferPointer<Int>
    let distanceFrequencies: UnsafeMutableBufferPointer<Int>

    private enum Kind { case stored, fixed, dynamic }

    func write(final: Bool, raw: UnsafeRawBufferPointer, into writer: inout BitWriter) {
        var literalLengths = [UInt8](repeating: 0, count: 286)
        var distanceLengths = [UInt8](repeating: 0, count: 30)
        var literalFrequencyCopy = Array(literalFrequencies)
        var distanceFrequencyCopy = Array(distanceFrequencies)
        literalFrequencyCopy.withUnsafeMutableBufferPointer { frequencies in
            literalLengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(frequencies: frequencies, maxLength: 15, into: $0)
            }
        }
        distanceFrequencyCopy.withUnsafeMutableBufferPointer { frequencies in
            distanceLengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(frequencies: frequencies, maxLength: 15, into: $0)
            }
        }
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        let header = CodeLengthHeader(
            literalLengths: literalLengths[0..<literalCount], distanceLengths: distanceLengths[0..<distanceCount])

        // Extra bits cost the same under either Huffman code.
        var extraBits = 0
        for code in 0..<29 { extraBits += literalFrequencies[257 + code] * DeflateTables.lengthExtraBits[code] }
        for code in 0..<30 { extraBits += distanceFrequencies[code] * DeflateTables.distanceExtraBits[code] }
        var dynamicBits = 3 + header.bitCount + extraBits
        var fixedBits = 3 + extraBits
        for symbol in 0..<286 {
            dynamicBits += literalFrequencies[symbol] * Int(literalLengths[symbol])
            fixedBits += literalFrequencies[symbol] * Int(DeflateTables.fixedLiteralLengths[symbol])
        }
        for symbol in 0..<30 {
            dynamicBits += distanceFrequencies[symbol] * Int(distanceLengths[symbol])
            fixedBits += distanceFrequencies[symbol] * 5
        }
        let chunks = max(1, (raw.count + 65534) / 65535)
        let storedBits = chunks * 48 + raw.count * 8

        let kind: Kind = storedBits <= min(dynamicBits, fixedBits) ? .stored : fixedBits <= dynamicBits ? .fixed : .dynamic
        switch kind {
        case .stored:
            writer.reserve(storedBits / 8 + 8)
            writeStored(final: final, raw: raw, into: &writer)
        case .fixed:
            writer.reserve(fixedBits / 8 + 8)
            let start = writer.bitPosition
            writer.write(final ? 1 : 0, 1)
            writer.write(1, 2)
            FixedCode.shared.withCodes { literalCodes, literalLengths, distanceCodes, distanceLengths in
                writeSymbols(
                    literalCodes: literalCodes, literalLengths: literalLengths,
                    distanceCodes: distanceCodes, distanceLengths: distanceLengths, into: &writer)
            }
            precondition(writer.bitPosition - start == fixedBits, "fixed block size differs from its price")
        case .dynamic:
            writer.reserve(dynamicBits / 8 + 8)
            let start = writer.bitPosition
            writer.write(final ? 1 : 0, 1)
            writer.write(2, 2)
            header.write(into: &writer)
            var literalCodes = [UInt16](repeating: 0, count: 286)
            var distanceCodes = [UInt16](repeating: 0, count: 30)
            literalLengths.withUnsafeBufferPointer { lengths in
                literalCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(lengths: lengths, into: $0) }
            }
            distanceLengths.withUnsafeBufferPointer { lengths in
                distanceCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(lengths: lengths, into: $0) }
            }
            literalCodes.withUnsafeBufferPointer { literalCodes in
                literalLengths.withUnsafeBufferPointer { literalLengths in
                    distanceCodes.withUnsafeBufferPointer { distanceCodes in
                        distanceLengths.withUnsafeBufferPointer { distanceLengths in
                            writeSymbols(
                                literalCodes: literalCodes, literalLengths: literalLengths,
                                distanceCodes: distanceCodes, distanceLengths: distanceLengths, into: &writer)
                        }
                    }
                }
            }
            precondition(writer.bitPosition - start == dynamicBits, "dynamic block size differs from its price")
        }
    }

    private func writeStored(final: Bool, raw: UnsafeRawBufferPointer, into writer: inout BitWriter) {
        var offset = 0
        repeat {
            let length = min(65535, raw.count - offset)
            let last = offset + length == raw.count
            writer.write(final && last ? 1 : 0, 1)
            writer.write(0, 2)
            writer.alignToByte()
            writer.write(UInt32(length) | UInt32(~UInt16(length)) << 16, 32)
            writer.writeBytes(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)]))
            offset += length
        } while offset < raw.count
    }

    private func writeSymbols(
        literalCodes: UnsafeBufferPointer<UInt16>, literalLengths: UnsafeBufferPointer<UInt8>,
        distanceCodes: UnsafeBufferPointer<UInt16>, distanceLengths: UnsafeBufferPointer<UInt8>,
        into writer: inout BitWriter
    ) {
        DeflateTables.lengthExtraBits.withUnsafeBufferPointer { lengthExtra in
            DeflateTables.lengthBase.withUnsafeBufferPointer { lengthBase in
                DeflateTables.distanceExtraBits.withUnsafeBufferPointer { distanceExtra in
                    DeflateTables.distanceBase.withUnsafeBufferPointer { distanceBase in
                        for symbol in symbols {
                            let distance = Int(symbol >> 16)
                            if distance == 0 {
                                let literal = Int(symbol)
                                writer.write(UInt32(literalCodes[literal]), Int(literalLengths[literal]))
                                continue
                            }
                            let length = Int(symbol & 0xFFFF)
                            let lengthCode = Int(DeflateEncoder.lengthSymbol(length))
                            let lengthBits = Int(literalLengths[257 + lengthCode])
                            writer.write(
                                UInt32(literalCodes[257 + lengthCode])
                                    | UInt32(length - lengthBase[lengthCode]) << UInt32(lengthBits),
                                lengthBits + lengthExtra[lengthCode])
                            let distanceCode = Int(DeflateEncoder.distanceSymbol(distance))
                            let distanceBits = Int(distanceLengths[distanceCode])
                            writer.write(
                                UInt32(distanceCodes[distanceCode])
                                    | UInt32(distance - distanceBase[distanceCode]) << UInt32(distanceBits),
                                distanceBits + distanceExtra[distanceCode])
                        }
                        writer.write(UInt32(literalCodes[256]), Int(literalLengths[256]))
                    }
                }
            }
        }
    }
}

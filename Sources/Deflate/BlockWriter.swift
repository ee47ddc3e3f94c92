/// Sends one DEFLATE block: builds its dynamic Huffman code, prices the dynamic, fixed and stored
/// forms exactly, and writes the cheapest. Works in the encoder's `BlockScratch`: no allocation.
struct BlockWriter {
    let symbols: UnsafeBufferPointer<UInt32>
    let literalFrequencies: UnsafeMutableBufferPointer<Int>
    let distanceFrequencies: UnsafeMutableBufferPointer<Int>
    let scratch: BlockScratch

    private enum Kind { case stored, fixed, dynamic }

    func write(final: Bool, raw: UnsafeRawBufferPointer, into writer: inout BitWriter) {
        let literalLengths = scratch.literalLengths
        let distanceLengths = scratch.distanceLengths
        let copy = scratch.frequencies
        _ = copy.update(fromContentsOf: literalFrequencies)
        HuffmanCode.lengths(frequencies: copy, maxLength: 15, into: literalLengths, scratch: scratch.huffman)
        let distanceCopy = UnsafeMutableBufferPointer(rebasing: copy[0..<30])
        _ = distanceCopy.update(fromContentsOf: distanceFrequencies)
        HuffmanCode.lengths(frequencies: distanceCopy, maxLength: 15, into: distanceLengths, scratch: scratch.huffman)
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        let header = CodeLengthHeader(
            literalLengths: UnsafeBufferPointer(rebasing: literalLengths[0..<literalCount]),
            distanceLengths: UnsafeBufferPointer(rebasing: distanceLengths[0..<distanceCount]),
            scratch: scratch.huffman)

        // Extra bits cost the same under either Huffman code.
        var extraBits = 0
        var dynamicBits = 0
        var fixedBits = 0
        DeflateTables.lengthExtraBits.withUnsafeBufferPointer { lengthExtra in
            DeflateTables.distanceExtraBits.withUnsafeBufferPointer { distanceExtra in
                DeflateTables.fixedLiteralLengths.withUnsafeBufferPointer { fixedLengths in
                    for code in 0..<29 { extraBits += literalFrequencies[257 + code] * lengthExtra[code] }
                    for code in 0..<30 { extraBits += distanceFrequencies[code] * distanceExtra[code] }
                    for symbol in 0..<286 {
                        let frequency = literalFrequencies[symbol]
                        guard frequency != 0 else { continue }
                        dynamicBits += frequency * Int(literalLengths[symbol])
                        fixedBits += frequency * Int(fixedLengths[symbol])
                    }
                }
            }
        }
        for symbol in 0..<30 {
            dynamicBits += distanceFrequencies[symbol] * Int(distanceLengths[symbol])
            fixedBits += distanceFrequencies[symbol] * 5
        }
        dynamicBits += 3 + header.bitCount + extraBits
        fixedBits += 3 + extraBits
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
            HuffmanCode.codes(lengths: UnsafeBufferPointer(literalLengths), into: scratch.literalCodes)
            HuffmanCode.codes(lengths: UnsafeBufferPointer(distanceLengths), into: scratch.distanceCodes)
            writeSymbols(
                literalCodes: UnsafeBufferPointer(scratch.literalCodes), literalLengths: UnsafeBufferPointer(literalLengths),
                distanceCodes: UnsafeBufferPointer(scratch.distanceCodes), distanceLengths: UnsafeBufferPointer(distanceLengths),
                into: &writer)
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
        let lengthCodes = scratch.lengthCodes
        let literalFrequencies = literalFrequencies
        DeflateTables.lengthEntry.withUnsafeBufferPointer { lengthEntry in
            // Each length a match in this block can have, coded once: its length symbol's code with
            // the extra bits above it, and the total width. Lengths whose symbol is unused are never read.
            var value = 0
            while value < 256 {
                let entry = lengthEntry[value]
                let lengthCode = 257 &+ Int(entry & 0xFF)
                let bits = Int(literalLengths[lengthCode])
                let extraWidth = Int(entry &>> 16)
                // Symbol 284's extra bits could reach 258, which has a symbol of its own (285).
                let count = value == 255 ? 1 : min(1 &<< extraWidth, 255 &- value)
                if literalFrequencies[lengthCode] != 0 {
                    let code = UInt32(literalCodes[lengthCode])
                    let width = UInt32(truncatingIfNeeded: bits &+ extraWidth) &<< 24
                    for extra in 0..<count {
                        lengthCodes[value &+ extra] = code | UInt32(truncatingIfNeeded: extra) &<< UInt32(truncatingIfNeeded: bits) | width
                    }
                }
                value &+= count
            }
        }
        DeflateTables.distanceEntry.withUnsafeBufferPointer { distanceEntry in
            writer.withLocalBits { out in
                // Table values and symbols are in range by construction: wrapping arithmetic
                // and truncating conversions spare a check per operation.
                for symbol in symbols {
                    // Literals are below 256; a match has a distance of at least 1 in its high half.
                    if symbol < 256 {
                        let literal = Int(symbol)
                        out.write(UInt32(literalCodes[literal]), Int(literalLengths[literal]))
                        continue
                    }
                    let lengthCode = lengthCodes[Int(symbol & 0x1FF) &- 3]
                    out.write(lengthCode & 0xFF_FFFF, Int(lengthCode &>> 24))
                    let distance = symbol &>> 16
                    // The distance's symbol was found when the match was recorded.
                    let distanceCode = Int((symbol &>> 9) & 0x1F)
                    let distanceInfo = distanceEntry[distanceCode]
                    let distanceBits = Int(distanceLengths[distanceCode])
                    out.write(
                        UInt32(distanceCodes[distanceCode])
                            | (distance &- (distanceInfo & 0xFFFF)) &<< UInt32(truncatingIfNeeded: distanceBits),
                        distanceBits &+ Int(distanceInfo &>> 16))
                }
                out.write(UInt32(literalCodes[256]), Int(literalLengths[256]))
            }
        }
    }
}

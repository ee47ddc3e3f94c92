/// The block writer's working memory, allocated once per encoder: code lengths, codes and a copy
/// of the frequencies (the Huffman builder may add to it), reused by every block.
final class BlockScratch {
    let literalLengths = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 286)
    let distanceLengths = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 30)
    let literalCodes = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 286)
    let distanceCodes = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 30)
    let frequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 286)
    /// Per match length - 3: the block's code for it with its extra bits above, | their width << 24.
    let lengthCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    let huffman = HuffmanCode.Scratch()

    init() {
        literalLengths.initialize(repeating: 0)
        distanceLengths.initialize(repeating: 0)
        literalCodes.initialize(repeating: 0)
        distanceCodes.initialize(repeating: 0)
        frequencies.initialize(repeating: 0)
        lengthCodes.initialize(repeating: 0, count: 256)
    }

    deinit {
        literalLengths.deallocate()
        distanceLengths.deallocate()
        literalCodes.deallocate()
        distanceCodes.deallocate()
        frequencies.deallocate()
        lengthCodes.deallocate()
    }
}

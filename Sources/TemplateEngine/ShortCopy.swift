/// Copies `count` bytes with at most two overlapping loads and stores when there are 4 to 16 of
/// them: the pieces of a link are that short, and a call to memcpy costs more than the copy.
@usableFromInline @inline(__always)
func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
    switch count {
    case 8...16:
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
        target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
    case 0..<4:
        for offset in 0..<count {
            target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
        }
    default:
        target.copyMemory(from: source, byteCount: count)
    }
}

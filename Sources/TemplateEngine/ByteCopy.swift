/// Copies bytes between raw memory the engine owns: the one copy helper of TemplateEngine, used by
/// `PlainValueBuffer` (every append of text) and by `TemplateData.TextWriter` (the pieces of a link).
///
/// Up to 64 bytes go in at most two overlapping moves of 4, 8, 16 or 32 bytes: what most appends
/// carry, and cheaper than a loop or a call to memcpy. The moves never touch a byte outside
/// `0 ..< count` of either side: the second one ends exactly at `count`. The sizes are tested as a
/// tree, so every size up to 64 costs two or three comparisons.
@usableFromInline @inline(__always)
func copyBytes(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
    if count <= 16 {
        if count >= 8 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
        } else {
            // A negative count copies nothing here; `PlainValueBuffer` refuses one before reserving.
            var offset = 0
            while offset < count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
                offset += 1
            }
        }
    } else if count <= 32 {
        let last = count - 16
        target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: last, as: SIMD16<UInt8>.self), toByteOffset: last,
            as: SIMD16<UInt8>.self)
    } else if count <= 64 {
        let last = count - 32
        target.storeBytes(of: source.loadUnaligned(as: SIMD32<UInt8>.self), as: SIMD32<UInt8>.self)
        target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: last, as: SIMD32<UInt8>.self), toByteOffset: last,
            as: SIMD32<UInt8>.self)
    } else {
        target.copyMemory(from: source, byteCount: count)
    }
}

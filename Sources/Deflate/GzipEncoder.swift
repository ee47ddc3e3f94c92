import ByteCoding

/// A gzip compressor that keeps its tables and output buffer between members: an event loop holds
/// one and codes every response with it, so a response allocates nothing and clears no table.
/// Not thread-safe: one thread (one event loop) uses it at a time.
public final class GzipEncoder {
    private var deflate = DeflateEncoder()
    private var writer = BitWriter(capacity: 16 * 1024)

    public init() {}

    /// An encoder whose offset positions start at `positionBase`: tests start near the 32-bit limit
    /// to reach the point where the tables are cleared.
    init(positionBase: Int) {
        deflate.base = positionBase
    }

    /// Compresses `bytes` into one gzip member and hands it to `body`; the member is valid only
    /// inside `body` (the buffer is reused by the next call).
    public func compress<R>(
        _ bytes: UnsafeRawBufferPointer, level: Gzip.Level, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        writer.reset()
        writer.reserve(10)
        for byte: UInt8 in [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] { writer.writeByte(byte) }
        deflate.encode(bytes, level: level, into: &writer)
        writer.alignToByte()
        writer.reserve(8)
        writer.write(CRC32.checksum(bytes), 32)
        writer.write(UInt32(truncatingIfNeeded: bytes.count), 32)
        return try writer.withBytes(body)
    }

    /// The gzip member for `bytes`, as a new array.
    public func compress(_ bytes: UnsafeRawBufferPointer, level: Gzip.Level) -> [UInt8] {
        compress(bytes, level: level) { [UInt8]($0) }
    }
}

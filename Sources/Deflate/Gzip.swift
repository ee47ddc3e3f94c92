import ByteCoding
/// gzip framing (RFC 1952) around this module's DEFLATE encoder: a fixed 10-byte header
/// (no name, no time), the stream, then CRC-32 and length of the original bytes.
public enum Gzip {
    /// The gzip member for `bytes`.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { compress($0) }
    }

    public static func compress(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var writer = BitWriter(capacity: bytes.count / 3 + 256)
        writer.reserve(10)
        for byte: UInt8 in [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] { writer.writeByte(byte) }
        var encoder = DeflateEncoder(input: bytes)
        encoder.encode(into: &writer)
        writer.alignToByte()
        writer.reserve(8)
        writer.write(CRC32.checksum(bytes), 32)
        writer.write(UInt32(truncatingIfNeeded: bytes.count), 32)
        return writer.finish()
    }

    /// The bytes of a gzip member (one member, as `compress` makes; header flags honoured).
    public static func decompress(_ bytes: [UInt8], maxOutputBytes: Int = 1 << 30) throws(InflateError) -> [UInt8] {
        var reader = GzipReader(bytes: bytes, maxOutputBytes: maxOutputBytes)
        return try reader.read()
    }
}

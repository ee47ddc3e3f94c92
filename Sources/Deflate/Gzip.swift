/// gzip framing (RFC 1952) around this module's DEFLATE encoder: a fixed 10-byte header
/// (no name, no time), the stream, then CRC-32 and length of the original bytes. These one-shot
/// functions make a fresh `GzipEncoder`; code many bodies with one kept `GzipEncoder` instead.
public enum Gzip {
    /// The gzip member for `bytes`.
    public static func compress(_ bytes: [UInt8], level: Level = .default) -> [UInt8] {
        bytes.withUnsafeBytes { compress($0, level: level) }
    }

    public static func compress(_ bytes: UnsafeRawBufferPointer, level: Level = .default) -> [UInt8] {
        GzipEncoder().compress(bytes, level: level)
    }

    /// The bytes of a gzip member (one member, as `compress` makes; header flags honoured).
    public static func decompress(_ bytes: [UInt8], maxOutputBytes: Int = 1 << 30) throws(InflateError) -> [UInt8] {
        var reader = GzipReader(bytes: bytes, maxOutputBytes: maxOutputBytes)
        return try reader.read()
    }
}

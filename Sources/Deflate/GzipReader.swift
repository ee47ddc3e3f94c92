import ByteCoding

/// Reads one gzip member (RFC 1952): header with its optional fields, the DEFLATE stream, and the
/// CRC-32 and length trailer, both checked.
struct GzipReader {
    let bytes: [UInt8]
    let maxOutputBytes: Int

    init(bytes: [UInt8], maxOutputBytes: Int) {
        self.bytes = bytes
        self.maxOutputBytes = maxOutputBytes
    }

    mutating func read() throws(InflateError) -> [UInt8] {
        guard bytes.count >= 18 else { throw .truncated }
        guard bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8, bytes[3] & 0xE0 == 0 else { throw .badHeader }
        let flags = bytes[3]
        var position = 10
        if flags & 4 != 0 {
            guard position + 2 <= bytes.count else { throw .truncated }
            position += 2 + (Int(bytes[position]) | Int(bytes[position + 1]) << 8)
        }
        for flag: UInt8 in [8, 16] where flags & flag != 0 {
            while position < bytes.count && bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 2 != 0 { position += 2 }
        guard position <= bytes.count else { throw .truncated }
        var inflater = Inflater(input: bytes, start: position, maxOutputBytes: maxOutputBytes)
        try inflater.inflate()
        let end = inflater.position
        guard end + 8 <= bytes.count else { throw .truncated }
        let output = inflater.output
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        guard word(end) == CRC32.checksum(output) else { throw .checksumMismatch }
        guard word(end + 4) == UInt32(truncatingIfNeeded: output.count) else { throw .lengthMismatch }
        return output
    }
}

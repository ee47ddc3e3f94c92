/// Writes text HTML-escaped: copies runs of ordinary bytes in one go and replaces `& < > " '`
/// with entities.
enum HTMLEscaping {
    static func append(_ string: String, escaped: Bool, to writer: inout ByteWriter) {
        var string = string
        string.withUTF8 { bytes in
            if escaped {
                append(bytes, to: &writer)
            } else {
                writer.append(bytes)
            }
        }
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // All five special bytes are at most '>' (0x3E): most bytes leave after one comparison.
            guard byte <= 0x3E else { continue }
            let entity: StaticString
            switch byte {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default: continue
            }
            if runStart < index {
                writer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            writer.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        if runStart < bytes.count {
            writer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// Decimal digits without creating a String.
    static func append(_ value: Int, to writer: inout ByteWriter) {
        if value < 0 { writer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            writer.append(UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
        }
    }
}

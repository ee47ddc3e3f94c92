import ByteCoding

/// Percent-decoding of path segments and query values, and the byte classes encoding uses
/// (`RouteWriter` encodes as it prints), done here so routes need no Foundation.
@usableFromInline
enum URLComponentCoding {
    /// Decodes `%XX` escapes; `plusIsSpace` for query strings. Nil for a broken escape or bytes
    /// that are not UTF-8, so bad input is a 404 rather than a mangled id.
    static func decode(_ value: Substring, plusIsSpace: Bool = false) -> String? {
        // Most values have nothing to decode: then they are already the answer.
        if !value.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(value)
        }
        return PercentDecoding.decodeText(value, plusIsSpace: plusIsSpace)
    }

    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`): the bytes a component keeps as they
    /// are. One bit per ASCII byte, since every byte of every printed route is asked.
    @inlinable
    static func isUnreserved(_ byte: UInt8) -> Bool {
        let bits: UInt64 = byte < 64 ? 0x03FF_6000_0000_0000 : byte < 128 ? 0x47FF_FFFE_87FF_FFFE : 0
        return (bits &>> UInt64(byte & 63)) & 1 != 0
    }

    /// Unreserved and not `.`: the bytes a component is copied whole for in one pass. A value with
    /// a dot takes the byte-by-byte way, which also sees whether it is only dots.
    @inlinable
    static func isUnreservedOtherThanDot(_ byte: UInt8) -> Bool {
        let bits: UInt64 = byte < 64 ? 0x03FF_2000_0000_0000 : byte < 128 ? 0x47FF_FFFE_87FF_FFFE : 0
        return (bits &>> UInt64(byte & 63)) & 1 != 0
    }

    @inlinable
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        Hex.digit(nibble)
    }
}

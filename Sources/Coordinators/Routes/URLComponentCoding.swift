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
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        var iterator = value.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                out.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                out.append(UInt8(ascii: " "))
            default:
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`): the bytes a component keeps as they
    /// are. One bit per ASCII byte, since every byte of every printed route is asked.
    @inlinable
    static func isUnreserved(_ byte: UInt8) -> Bool {
        let bits: UInt64 = byte < 64 ? 0x03FF_6000_0000_0000 : byte < 128 ? 0x47FF_FFFE_87FF_FFFE : 0
        return (bits &>> UInt64(byte & 63)) & 1 != 0
    }

    @inlinable
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

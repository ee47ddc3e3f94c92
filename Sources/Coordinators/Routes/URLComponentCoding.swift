/// Percent-encoding of path segments and query values, done here so routes need no Foundation.
enum URLComponentCoding {
    /// Keeps RFC 3986 unreserved characters, encodes every other UTF-8 byte. Segments made only of
    /// dots are encoded too, since browsers would otherwise resolve `.` and `..` away.
    static func encode(_ value: String) -> String {
        // Most segments (slugs, numbers) need no escape: hand them back without copying.
        let plain = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var onlyDots = true
            for byte in bytes {
                guard isUnreserved(byte) else { return false }
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
            return !onlyDots
        }
        if plain == true { return value }
        let utf8 = value.utf8
        let onlyDots = !utf8.isEmpty && utf8.allSatisfy { $0 == UInt8(ascii: ".") }
        // Written straight into the string's storage: at most three bytes per byte.
        return String(unsafeUninitializedCapacity: utf8.count * 3) { buffer in
            var count = 0
            for byte in utf8 {
                if isUnreserved(byte) && !(onlyDots && byte == UInt8(ascii: ".")) {
                    buffer[count] = byte
                    count += 1
                } else {
                    buffer[count] = UInt8(ascii: "%")
                    buffer[count + 1] = hexDigit(byte >> 4)
                    buffer[count + 2] = hexDigit(byte & 0x0F)
                    count += 3
                }
            }
            return count
        }
    }

    /// Encodes every byte of `value` (used to keep a slug from reading as a reserved word).
    static func encodeAll(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            out += "%" + String(decoding: [hexDigit(byte >> 4), hexDigit(byte & 0x0F)], as: UTF8.self)
        }
        return out
    }

    /// Decodes `%XX` escapes; `plusIsSpace` for query strings. Nil for a broken escape or bytes
    /// that are not UTF-8, so bad input is a 404 rather than a mangled id.
    static func decode(_ value: Substring, plusIsSpace: Bool = false) -> String? {
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

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
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

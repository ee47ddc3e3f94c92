import ByteCoding

/// Text forms of binary values: hex for stored digests, base64url for tokens in URLs and cookies.
public enum ByteEncoding {
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Nil for odd lengths or non-hex characters (either case accepted).
    public static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Hex.value(of: digits[index]), let low = Hex.value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// RFC 4648 §5 base64url without padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        // Every page carries a freshly masked CSRF token in this form: whole groups of three bytes
        // are read at once, and only the last one or two bytes are handled apart.
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        func appendDigits(of group: Int, count: Int) {
            for position in 0..<count {
                text.append(base64URLAlphabet[(group >> (18 - 6 * position)) & 0x3F])
            }
        }
        var index = 0
        while bytes.count - index >= 3 {
            appendDigits(of: Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]), count: 4)
            index += 3
        }
        switch bytes.count - index {
        case 1: appendDigits(of: Int(bytes[index]) << 16, count: 2)
        case 2: appendDigits(of: Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8, count: 3)
        default: break
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Nil for characters outside the alphabet, padding, or an impossible length.
    public static func bytes(fromBase64URL text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var index = 0
        while index < characters.count {
            let chunk = characters[index..<min(index + 4, characters.count)]
            var group = 0
            for (offset, character) in chunk.enumerated() {
                guard let value = base64URLValue(character) else { return nil }
                group |= value << (18 - 6 * offset)
            }
            for position in 0..<(chunk.count - 1) {
                bytes.append(UInt8((group >> (16 - 8 * position)) & 0xFF))
            }
            index += 4
        }
        return bytes
    }

    private static func base64URLValue(_ character: UInt8) -> Int? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(character - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(character - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

/// Appends JSON string literals to a byte buffer: quotes, backslashes and every control character
/// escaped, so a hostile path or message cannot break a log line apart.
package enum JSONString {
    private static let hex = Array("0123456789abcdef".utf8)

    /// `limit` counts Unicode scalars, so a cut never splits a character's bytes.
    package static func append(_ text: String, to buffer: inout [UInt8], limit: Int = .max) {
        buffer.append(UInt8(ascii: "\""))
        var scalars = 0
        for scalar in text.unicodeScalars {
            scalars += 1
            if scalars > limit { break }
            switch scalar {
            case "\"": buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case "\\": buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case "\n": buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case "\r": buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case "\t": buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    buffer.append(hex[Int(scalar.value >> 4)])
                    buffer.append(hex[Int(scalar.value & 0xF)])
                } else if scalar.isASCII {
                    buffer.append(UInt8(scalar.value))
                } else {
                    buffer.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    package static func append(key: String, _ value: String, to buffer: inout [UInt8], limit: Int = .max) {
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: key.utf8)
        buffer.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        append(value, to: &buffer, limit: limit)
    }
}

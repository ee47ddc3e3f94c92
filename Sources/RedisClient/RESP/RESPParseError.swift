/// Why a reply stream cannot be read. After any of these the stream is out of step with the
/// commands sent, so the connection that produced it must be closed.
public enum RESPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A reply started with a byte that is not a RESP2 type marker (`+ - : $ *`).
    case unknownType(UInt8)
    /// A line ended in a lone CR, or a bulk string was not followed by CRLF.
    case badLineEnding
    /// An integer, bulk length or array count that is not a decimal number in range.
    case badNumber(String)
    /// A length below -1.
    case negativeLength(Int64)
    case lineTooLong(limit: Int)
    case bulkStringTooLong(length: Int64, limit: Int)
    case arrayTooLarge(count: Int64, limit: Int)
    case nestingTooDeep(limit: Int)

    public var description: String {
        switch self {
        case .unknownType(let byte): "unknown reply type byte 0x\(String(byte, radix: 16))"
        case .badLineEnding: "a line or bulk string not ended by CRLF"
        case .badNumber(let text): "'\(text)' is not a valid RESP number"
        case .negativeLength(let length): "negative length \(length)"
        case .lineTooLong(let limit): "a reply line longer than \(limit) bytes"
        case .bulkStringTooLong(let length, let limit): "a bulk string of \(length) bytes (limit \(limit))"
        case .arrayTooLarge(let count, let limit): "an array of \(count) elements (limit \(limit))"
        case .nestingTooDeep(let limit): "arrays nested deeper than \(limit)"
        }
    }
}

/// Hexadecimal digits as bytes: read in either case, written in upper case (RFC 3986 §2.1 asks
/// for it in percent-escapes). The one place the server, routes, forms and tokens read hex.
public enum Hex {
    /// The value of one hex digit (`0-9`, `a-f`, `A-F`), or nil.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// The upper-case digit for a nibble (0…15).
    @inlinable
    public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }
}

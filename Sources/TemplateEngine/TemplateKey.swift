/// The name of a field in a `TemplateObject` or `TemplateData`.
///
/// A key carries its name's identity in two machine words, computed once: a name of up to 15
/// bytes is packed into them whole (with its length), so two such keys are equal exactly when
/// their words are, and finding a field while rendering is two integer comparisons. Longer names
/// get a hash there and are compared byte by byte when the words match. Declare frequently used
/// keys once (`static let title: TemplateKey = "title"`) or write them as string literals.
public struct TemplateKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The field name as written in templates (`{{title}}`).
    public let name: String
    /// Bytes 0–7 of a short name (little-endian), or a long name's hash.
    let head: UInt64
    /// Bytes 8–14 of a short name and its length in the top byte; `longMarker` for long names.
    let tail: UInt64

    /// The top byte of `tail` for names longer than 15 bytes (their length is in the rest).
    static let longMarker: UInt64 = 0xFF << 56

    public init(_ name: String) {
        self.name = name
        (head, tail) = Self.identity(of: name)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { name }

    /// Whether the words alone do not decide equality.
    var isLong: Bool { tail & Self.longMarker == Self.longMarker }

    public static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.head == rhs.head && lhs.tail == rhs.tail && (!lhs.isLong || lhs.name == rhs.name)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(tail)
    }

    /// The identity's bits well mixed, e.g. to pick a bit in a bitset from the top ones.
    var mixed: UInt64 {
        (head ^ tail) &* 0x9E37_79B9_7F4A_7C15
    }

    static func identity(of name: String) -> (head: UInt64, tail: UInt64) {
        let bytes = name.utf8
        guard bytes.count <= 15 else {
            // FNV-1a: cheap enough to run for every key an app makes per request.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            // The length's low 56 bits under the marker byte: a bit field, cut on purpose.
            return (hash, longMarker | UInt64(bytes.count) & 0x00FF_FFFF_FFFF_FFFF)
        }
        var head: UInt64 = 0
        var tail = UInt64(bytes.count) << 56
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 {
                head |= UInt64(byte) << (offset * 8)
            } else {
                tail |= UInt64(byte) << ((offset - 8) * 8)
            }
        }
        return (head, tail)
    }
}

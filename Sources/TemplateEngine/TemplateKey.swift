/// The name of a field in a `TemplateObject`.
///
/// A key carries a precomputed fingerprint of its name, so finding a field while rendering is an
/// integer comparison instead of a string comparison. Declare frequently used keys once
/// (`static let title: TemplateKey = "title"`) or write them as string literals.
public struct TemplateKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The field name as written in templates (`{{title}}`).
    public let name: String
    let fingerprint: UInt64

    public init(_ name: String) {
        self.name = name
        self.fingerprint = TemplateKey.fingerprint(of: name)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { name }

    public static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// FNV-1a: cheap enough to run for every key literal an app builds per request.
    static func fingerprint(of name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A category's URL slug (`category-3`): the stable identity that deep links carry.
public struct CategoryID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: CategoryID, rhs: CategoryID) -> Bool { lhs.rawValue < rhs.rawValue }
}

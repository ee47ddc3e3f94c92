/// One entry of a store, named by its collection and key: what a repair report lists.
public struct EntryKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var collection: String
    public var key: String

    public init(collection: String, key: String) {
        self.collection = collection
        self.key = key
    }

    public static func < (lhs: EntryKey, rhs: EntryKey) -> Bool {
        (lhs.collection, lhs.key) < (rhs.collection, rhs.key)
    }

    public var description: String { "\(collection)/\(key)" }
}

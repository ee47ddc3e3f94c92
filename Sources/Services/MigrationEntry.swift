/// One value `waypoint migrate` puts into Redis: where it goes, and under which heading it is
/// counted in the report (a store collection, an index, the sessions).
public struct MigrationEntry: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// A field of a hash: store collections (`<prefix>c:<collection>`) and the username and
        /// email indexes.
        case field(key: String, field: String)
        /// A key of its own that expires: a session (`<prefix>session:<id>`).
        case key(String, expiresInSeconds: Int64)

        /// The Redis key written (the hash, for a field).
        var redisKey: String {
            switch self {
            case .field(let key, _): key
            case .key(let key, _): key
            }
        }
    }

    /// The heading it is counted under, e.g. `catalog.items` or `sessions`.
    public var group: String
    /// What a conflict report calls it within its group: the collection key, username or session.
    public var name: String
    public var target: Target
    public var value: [UInt8]

    public init(group: String, name: String, target: Target, value: [UInt8]) {
        self.group = group
        self.name = name
        self.target = target
        self.value = value
    }
}

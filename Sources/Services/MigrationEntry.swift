import RedisClient

/// One value `waypoint migrate` puts into Redis: the hash field it is compared with, what creates
/// it when it is missing, and the heading it is counted under in the report.
public struct MigrationEntry: Sendable, Hashable {
    /// The heading it is counted under, e.g. `catalog.items` or `sessions`.
    public var group: String
    /// What a conflict report calls it within its group: the collection key, username or session.
    public var name: String
    /// The hash holding it, and the field whose value must equal `value` for it to count as there.
    public var key: String
    public var field: String
    public var value: [UInt8]
    /// What creates it when missing, inside the migration's transaction: one `HSET` for a store
    /// entry; for a session, its record and version, its expiry and its user's list entry.
    public var writes: [RedisCommand]
    /// Whether instances cache it (store collections and indexes): writing any such entry `INCR`s
    /// the shared version, so running instances reload.
    public var changesData: Bool

    public init(
        group: String, name: String, key: String, field: String, value: [UInt8], writes: [RedisCommand], changesData: Bool
    ) {
        self.group = group
        self.name = name
        self.key = key
        self.field = field
        self.value = value
        self.writes = writes
        self.changesData = changesData
    }

    /// A field of a hash that is written as it is: store collections and the indexes.
    static func field(group: String, name: String, key: String, field: String, value: [UInt8]) -> MigrationEntry {
        MigrationEntry(
            group: group, name: name, key: key, field: field, value: value,
            writes: [RedisCommand("HSET", [Array(key.utf8), Array(field.utf8), value])], changesData: true)
    }
}

import Models
import RedisClient
import Storage

/// Copies an embedded store into the shared Redis store (`waypoint migrate`), safely repeatable:
/// entries missing from Redis are copied, entries Redis already holds with the same value are left
/// alone, and if Redis holds a *different* value for any of them nothing at all is written: the
/// migration is refused and the conflicts are listed. Keys Redis holds that the store does not
/// (another instance's registrations, say) are kept, so copying into a Redis that already has
/// unrelated data merges; copying the same folder twice writes nothing the second time.
///
/// Comparing and writing are one optimistic transaction: every key involved is `WATCH`ed while
/// it is read, and the writes go in one `MULTI … EXEC`, so an instance writing meanwhile makes the
/// transaction fail (and the comparison is made again) instead of being overwritten. The data
/// writes `INCR` the shared version, as every store write does, so running instances reload.
/// Blocks the calling thread.
public struct RedisMigration: Sendable {
    public let pool: RedisPool
    let store: RedisStore
    /// Fields per `HMGET`/`HSET` and keys per `MGET`/`WATCH`: bounded commands, one round trip.
    static let batch = 500
    static let attempts = 5

    /// The collections an instance keeps in Redis, shown in the report even when empty.
    public static let collections = [
        AccountService.accountsCollection, AccountService.resetTokensCollection, CatalogService.categoriesCollection,
        CatalogService.itemsCollection, CatalogService.metaCollection,
    ]
    /// The headings of the username and email index entries `dataEntries` adds.
    public static let indexGroups = ["usernames index", "emails index"]

    public init(pool: RedisPool, prefix: String = "waypoint:") {
        self.pool = pool
        store = RedisStore(pool: pool, prefix: prefix)
    }

    /// Every entry of `collections` in `source`, each a field of `<prefix>c:<collection>`, followed
    /// by the username and email index entries of its accounts (what registration claims).
    public func dataEntries(from source: any KeyValueStore, collections: [String]) throws -> [MigrationEntry] {
        var entries: [MigrationEntry] = []
        for collection in collections {
            for (key, value) in source.all(collection).sorted(by: { $0.key < $1.key }) {
                entries.append(.field(group: collection, name: key, key: store.hashKey(collection), field: key, value: value))
            }
        }
        let accounts = try StoreCoding.decodeAll(StoredAccount.self, in: AccountService.accountsCollection, of: source)
            .sorted { $0.user.username < $1.user.username }
        for (index, text) in [("usernames", \User.username), ("emails", \User.email)] as [(String, KeyPath<User, String>)] {
            for account in accounts {
                let key = AccountState.fold(account.user[keyPath: text])
                entries.append(.field(
                    group: index + " index", name: key, key: store.indexKey(index), field: key,
                    value: Array(account.user.id.rawValue.utf8)))
            }
        }
        return entries
    }

    /// Compares `entries` with Redis and, when `write` is true and nothing conflicts, copies the
    /// missing ones in one transaction. `groups` are headings to show even when empty.
    public func run(_ entries: [MigrationEntry], groups: [String] = [], write: Bool) throws -> MigrationReport {
        for _ in 0..<Self.attempts {
            if let report = try attempt(entries, groups: groups, write: write) { return report }
        }
        throw RedisError.server("Redis kept changing while the migration compared it (is an instance writing?); nothing was written")
    }

    /// One WATCH-compare-write round; nil when a watched key changed before EXEC.
    private func attempt(_ entries: [MigrationEntry], groups: [String], write: Bool) throws -> MigrationReport? {
        try pool.withConnection { connection throws(RedisError) -> MigrationReport? in
            let current = try read(entries, on: connection)
            var report = MigrationReport()
            for group in groups { report.mention(group) }
            var missing: [MigrationEntry] = []
            for (entry, value) in zip(entries, current) {
                switch value {
                case nil:
                    report.count(entry, \.missing)
                    missing.append(entry)
                case entry.value?:
                    report.count(entry, \.present)
                default:
                    report.count(entry, \.conflicting)
                }
            }
            guard write, report.conflictCount == 0, !missing.isEmpty else {
                _ = try connection.send(RedisCommand("UNWATCH"))
                return report
            }
            switch try commit(missing, on: connection) {
            case .aborted:
                return nil
            case .committed(let version):
                report.wrote = true
                report.version = version
                return report
            }
        }
    }

    /// Watches every key involved, then reads each entry's current value (nil: absent).
    private func read(_ entries: [MigrationEntry], on connection: RedisConnection) throws(RedisError) -> [[UInt8]?] {
        var keys = [store.versionKey]
        var seen: Set<String> = [store.versionKey]
        for entry in entries where seen.insert(entry.key).inserted { keys.append(entry.key) }
        var commands = chunks(keys).map { RedisCommand(arguments: [Array("WATCH".utf8)] + $0.map { Array($0.utf8) }) }
        // Reads in entry order: runs of fields of one hash share an HMGET.
        var runs: [Int] = []
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, end - start < Self.batch, entries[end].key == entries[start].key { end += 1 }
            commands.append(RedisCommand(
                arguments: [Array("HMGET".utf8), Array(entries[start].key.utf8)] + entries[start..<end].map { Array($0.field.utf8) }))
            runs.append(end - start)
            start = end
        }
        let replies = try connection.pipeline(commands)
        if let failure = replies.compactMap(\.errorMessage).first { throw .server(failure) }
        var values: [[UInt8]?] = []
        values.reserveCapacity(entries.count)
        for (count, reply) in zip(runs, replies.suffix(runs.count)) {
            let items = reply.array ?? []
            guard items.count == count else { throw .server("Redis answered \(items.count) values for \(count) fields") }
            values += items.map(\.bytes)
        }
        return values
    }

    private enum Commit {
        /// A watched key changed before EXEC: nothing was written.
        case aborted
        /// Written; the shared version afterwards when the data changed.
        case committed(version: Int64?)
    }

    /// Writes `missing` in one MULTI/EXEC.
    private func commit(_ missing: [MigrationEntry], on connection: RedisConnection) throws(RedisError) -> Commit {
        let changesData = missing.contains(where: \.changesData)
        var commands = [RedisCommand("MULTI")] + missing.flatMap(\.writes)
        if changesData { commands.append(RedisCommand("INCR", store.versionKey)) }
        commands.append(RedisCommand("EXEC"))
        let replies = try connection.pipeline(commands)
        if let failure = replies.dropLast().compactMap(\.errorMessage).first { throw .server(failure) }
        guard let exec = replies.last else { throw .server("no answer to EXEC") }
        if let failure = exec.errorMessage { throw .server(failure) }
        guard let results = exec.array else { return .aborted }
        if let failure = results.compactMap(\.errorMessage).first { throw .server(failure) }
        return .committed(version: changesData ? results.last?.integer : nil)
    }

    private func chunks(_ keys: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: keys.count, by: Self.batch).map { keys[$0..<min(keys.count, $0 + Self.batch)] }
    }
}

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
                entries.append(MigrationEntry(
                    group: collection, name: key, target: .field(key: store.hashKey(collection), field: key), value: value))
            }
        }
        let accounts = try StoreCoding.decodeAll(StoredAccount.self, in: AccountService.accountsCollection, of: source)
            .sorted { $0.user.username < $1.user.username }
        for (index, text) in [("usernames", \User.username), ("emails", \User.email)] as [(String, KeyPath<User, String>)] {
            for account in accounts {
                let key = AccountState.fold(account.user[keyPath: text])
                entries.append(MigrationEntry(
                    group: index + " index", name: key, target: .field(key: store.indexKey(index), field: key),
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
        for entry in entries where seen.insert(entry.target.redisKey).inserted { keys.append(entry.target.redisKey) }
        var commands = chunks(keys).map { RedisCommand(arguments: [Array("WATCH".utf8)] + $0.map { Array($0.utf8) }) }
        // Reads in entry order: runs of fields of one hash share an HMGET, runs of keys an MGET.
        var runs: [(start: Int, count: Int)] = []
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, end - start < Self.batch, Self.sameRun(entries[start].target, entries[end].target) { end += 1 }
            let run = entries[start..<end]
            switch entries[start].target {
            case .field(let key, _):
                var arguments = [Array("HMGET".utf8), Array(key.utf8)]
                for entry in run { if case .field(_, let field) = entry.target { arguments.append(Array(field.utf8)) } }
                commands.append(RedisCommand(arguments: arguments))
            case .key:
                commands.append(RedisCommand(arguments: [Array("MGET".utf8)] + run.map { Array($0.target.redisKey.utf8) }))
            }
            runs.append((start, end - start))
            start = end
        }
        let replies = try connection.pipeline(commands)
        if let failure = replies.compactMap(\.errorMessage).first { throw .server(failure) }
        var values: [[UInt8]?] = []
        values.reserveCapacity(entries.count)
        for (run, reply) in zip(runs, replies.suffix(runs.count)) {
            let items = reply.array ?? []
            guard items.count == run.count else { throw .server("Redis answered \(items.count) values for \(run.count) keys") }
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
        var commands = [RedisCommand("MULTI")]
        var fields: [String: [[UInt8]]] = [:]
        var hashes: [String] = []
        for entry in missing {
            switch entry.target {
            case .field(let key, let field):
                if fields[key] == nil { hashes.append(key) }
                fields[key, default: []] += [Array(field.utf8), entry.value]
            case .key(let key, let seconds):
                commands.append(RedisCommand("SET", [Array(key.utf8), entry.value, Array("EX".utf8), Array(String(max(1, seconds)).utf8)]))
            }
        }
        for hash in hashes {
            let pairs = fields[hash] ?? []
            var offset = 0
            while offset < pairs.count {
                let slice = pairs[offset..<min(pairs.count, offset + 2 * Self.batch)]
                commands.append(RedisCommand("HSET", [Array(hash.utf8)] + slice))
                offset += 2 * Self.batch
            }
        }
        // Only the data changes what instances cache; sessions are looked up one by one.
        if !hashes.isEmpty { commands.append(RedisCommand("INCR", store.versionKey)) }
        commands.append(RedisCommand("EXEC"))
        let replies = try connection.pipeline(commands)
        if let failure = replies.dropLast().compactMap(\.errorMessage).first { throw .server(failure) }
        guard let exec = replies.last else { throw .server("no answer to EXEC") }
        if let failure = exec.errorMessage { throw .server(failure) }
        guard let results = exec.array else { return .aborted }
        if let failure = results.compactMap(\.errorMessage).first { throw .server(failure) }
        return .committed(version: hashes.isEmpty ? nil : results.last?.integer)
    }

    private static func sameRun(_ first: MigrationEntry.Target, _ second: MigrationEntry.Target) -> Bool {
        switch (first, second) {
        case (.field(let a, _), .field(let b, _)): a == b
        case (.key, .key): true
        default: false
        }
    }

    private func chunks(_ keys: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: keys.count, by: Self.batch).map { keys[$0..<min(keys.count, $0 + Self.batch)] }
    }
}

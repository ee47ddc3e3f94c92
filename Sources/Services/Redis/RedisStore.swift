#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient
import Storage
import Synchronization

/// The shared store for several instances: each collection is a Redis hash
/// (`<prefix>c:<collection>`), and every write also INCRs `<prefix>version` in the same
/// MULTI/EXEC, so a write is in Redis (and visible to every instance) before `apply` returns.
///
/// Instances keep their services' state in memory as with the embedded store; `version` is how
/// they learn that another instance wrote (see `AppServices.synchronize`). Calls block: run them
/// on worker threads, never an event loop.
///
/// The protocol's reads cannot throw: a failed `get` reads as absent, a failed `all` as empty and a
/// failed `isEmpty` as false (so an outage never triggers seeding). Loads that must not be
/// mistaken for "nothing stored" use `snapshot`, which throws.
public final class RedisStore: KeyValueStore, SharedIndex {
    public let pool: RedisPool
    /// Every key this store uses starts with it; other shared state (live events) uses it too.
    public let prefix: String
    /// The version this instance's services reflect: raised by its own writes when nobody else
    /// wrote in between, and by `noteSynchronized` after a reload.
    private let knownVersion = Mutex<Int64>(-1)

    /// The collections instances keep in memory (see `AppServices.synchronize`): only a write to
    /// one of them raises the shared version, which makes the other instances reload. The others
    /// (reset tokens, users' tabs) are read from Redis when needed, so their frequent writes cost
    /// no reloads. Nil: every write raises it.
    let cachedCollections: Set<String>?
    /// How many writes the change log keeps: an instance further behind reloads everything.
    public let changeLogCapacity: Int
    /// A write whose logged mutations are larger (a seed, an import) is not logged: the gap it
    /// leaves in the log makes the other instances reload, which costs less than reading it.
    static let largestLoggedPayload = 256 << 10

    public init(
        pool: RedisPool, prefix: String = "waypoint:", cachedCollections: Set<String>? = nil, changeLogCapacity: Int = 1_000
    ) {
        self.pool = pool
        self.prefix = prefix
        self.cachedCollections = cachedCollections
        self.changeLogCapacity = max(1, changeLogCapacity)
        versionCommand = RedisCommand("GET", prefix + "version")
    }

    func hashKey(_ collection: String) -> String { prefix + "c:" + collection }
    var versionKey: String { prefix + "version" }
    /// The change log: a list of the latest writes to cached collections, oldest first.
    var changeLogKey: String { prefix + "changes" }

    public func get(_ collection: String, key: String) -> [UInt8]? {
        (try? pool.send(RedisCommand("HGET", hashKey(collection), key)))?.bytes
    }

    public func all(_ collection: String) -> [String: [UInt8]] {
        (try? fetchAll(collection)) ?? [:]
    }

    /// Nothing was ever written: the version key does not exist.
    public var isEmpty: Bool {
        (try? pool.send(RedisCommand("EXISTS", versionKey)))?.integer == 0
    }

    public func apply(_ mutations: [StoreMutation]) throws {
        try apply(mutations, publishing: {})
    }

    public func apply(_ mutations: [StoreMutation], publishing publish: () -> Void) throws {
        guard !mutations.isEmpty else { return publish() }
        let transaction = transaction(mutations)
        try finish(transaction, replies: try pool.pipeline(transaction.commands), publishing: publish)
    }

    /// A write as one MULTI … EXEC, and whether it raises the version.
    struct Transaction: Sendable {
        let commands: [RedisCommand]
        let raisesVersion: Bool
    }

    func transaction(_ mutations: [StoreMutation]) -> Transaction {
        var commands = [RedisCommand("MULTI")]
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                commands.append(RedisCommand("HSET", [Array(hashKey(collection).utf8), Array(key.utf8), value]))
            case .delete(let collection, let key):
                commands.append(RedisCommand("HDEL", hashKey(collection), key))
            }
        }
        let logged = mutations.filter { self.raisesVersion(writing: $0.collection) }
        if !logged.isEmpty { commands.append(raiseVersionCommand(logging: logged)) }
        commands.append(RedisCommand("EXEC"))
        return Transaction(commands: commands, raisesVersion: !logged.isEmpty)
    }

    /// Reads the transaction's replies, then publishes (see `noteOwnWrite`).
    func finish(_ transaction: Transaction, replies: [RESPValue], publishing publish: () -> Void) throws {
        guard let results = replies.last?.array else {
            throw RedisError.server(replies.compactMap(\.errorMessage).first ?? "the transaction was not executed")
        }
        if let failure = results.compactMap(\.errorMessage).first { throw RedisError.server(failure) }
        if transaction.raisesVersion {
            guard let version = results.last?.integer else { throw RedisError.server("the transaction did not raise the version") }
            noteOwnWrite(version, publishing: publish)
        } else {
            publish()
        }
    }

    /// Raises the version and logs the write under the version it produced, trimming the log to
    /// its capacity, in one script (inside the write's MULTI): the log's order is the versions'.
    static let logScript = """
        local version = redis.call('INCR', KEYS[1])
        redis.call('RPUSH', KEYS[2], version .. '\\n' .. ARGV[1])
        redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
        return version
        """

    /// The command of a write to cached collections that raises the version: logged with its
    /// mutations, unless they are too large to be worth reading back (then a plain INCR).
    func raiseVersionCommand(logging mutations: [StoreMutation]) -> RedisCommand {
        let payload = ChangeLogEntry.payload(mutations)
        guard payload.count <= Self.largestLoggedPayload else { return RedisCommand("INCR", versionKey) }
        return RedisCommand("EVAL", [
            Array(Self.logScript.utf8), Array("2".utf8), Array(versionKey.utf8), Array(changeLogKey.utf8),
            payload, Array(String(changeLogCapacity).utf8),
        ])
    }

    public func replace(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) throws -> Replacement {
        try replace(collection, key: key, expected: expected, with: value, publishing: {})
    }

    public func replace(
        _ collection: String, key: String, expected: [UInt8], with value: [UInt8], publishing publish: () -> Void
    ) throws -> Replacement {
        let command = replaceCommand(collection, key: key, expected: expected, with: value)
        return try replacement(from: try pool.send(command), publishing: publish)
    }

    /// Compares and sets in one script (`conditionalWriteScript`): Redis runs it whole, so no
    /// instance writes in between. A write to a cached collection raises the version and is
    /// logged as `logScript` does.
    func replaceCommand(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) -> RedisCommand {
        conditionalWriteCommand([.put(collection: collection, key: key, value: value)], provided: collection, key: key, holds: expected)
    }

    /// What the replace script's reply says, publishing when it replaced (see `noteOwnWrite`).
    func replacement(from reply: RESPValue, publishing publish: () -> Void) throws -> Replacement {
        if let message = reply.errorMessage { throw RedisError.server(message) }
        guard let results = reply.array, let outcome = results.first?.integer else {
            throw RedisError.server("the replace script answered \(reply)")
        }
        guard outcome == 1 else { return .differs(current: results.dropFirst().first?.bytes) }
        if let version = results.dropFirst().first?.integer {
            noteOwnWrite(version, publishing: publish)
        } else {
            publish()
        }
        return .replaced
    }

    func raisesVersion(writing collection: String) -> Bool {
        cachedCollections?.contains(collection) ?? true
    }

    /// Its own write raised the version to `version`: still current, unless another instance wrote
    /// in between (then the next synchronization applies the writes in between, this one's entry
    /// included). `publish` runs under the same lock as `applying`, and only when the copies do
    /// not reflect `version` yet: if they do, a synchronization applied this write's entry and
    /// maybe later ones to the same data, which publishing this write now would undo.
    func noteOwnWrite(_ version: Int64, publishing publish: () -> Void) {
        knownVersion.withLock { known in
            guard known < version else { return }
            publish()
            if known == version - 1 { known = version }
        }
    }

    /// Runs `apply` (bringing the copies in memory up to date) with the version they reflect, under
    /// the lock that orders it with this instance's own writes being published; `apply` returns the
    /// version the copies reflect now (nothing in it may wait for I/O).
    public func applying(_ apply: (_ known: Int64) throws -> Int64) rethrows {
        try knownVersion.withLock { known in known = try apply(known) }
    }

    /// The shared version: changes with every write by any instance.
    public func version() throws -> Int64 {
        try Self.version(from: try pool.send(versionCommand))
    }

    /// Reads the shared version, for a caller that pipelines it with other questions (every
    /// request asks it: made once).
    public let versionCommand: RedisCommand

    /// The version in a reply to `versionCommand`.
    public static func version(from reply: RESPValue) throws(RedisError) -> Int64 {
        if let message = reply.errorMessage { throw .server(message) }
        return reply.string.flatMap { Int64($0) } ?? 0
    }

    /// True when some instance wrote since this one last caught up.
    public func isStale() throws -> Bool {
        isStale(knowing: try version())
    }

    /// True when `current`, the shared version just read, is not the one this instance reflects.
    public func isStale(knowing current: Int64) -> Bool {
        knownVersion.withLock { $0 != current }
    }

    /// The collections and the version they belong to, read in one transaction so they agree.
    public func snapshot(_ collections: [String]) throws -> (version: Int64, contents: StoreSnapshot) {
        try snapshot(collections, from: try pool.pipeline(snapshotCommands(collections)))
    }

    /// The transaction `snapshot` sends (MULTI, the version, each collection, EXEC), for a caller
    /// that sends it itself (on its event loop).
    public func snapshotCommands(_ collections: [String]) -> [RedisCommand] {
        [RedisCommand("MULTI"), RedisCommand("GET", versionKey)]
            + collections.map { RedisCommand("HGETALL", hashKey($0)) } + [RedisCommand("EXEC")]
    }

    /// The snapshot in the replies to `snapshotCommands(collections)`.
    public func snapshot(_ collections: [String], from replies: [RESPValue]) throws -> (version: Int64, contents: StoreSnapshot) {
        guard let results = replies.last?.array, results.count == collections.count + 1 else {
            throw RedisError.server(replies.compactMap(\.errorMessage).first ?? "the snapshot transaction was not executed")
        }
        let version = results[0].string.flatMap { Int64($0) } ?? 0
        var contents: [String: [String: [UInt8]]] = [:]
        for (collection, reply) in zip(collections, results.dropFirst()) {
            contents[collection] = try Self.pairs(reply)
        }
        return (version, StoreSnapshot(contents))
    }

    /// Records that the services now reflect `version`.
    public func noteSynchronized(_ version: Int64) {
        knownVersion.withLock { $0 = version }
    }

    /// The version this instance's services reflect (-1 before the first synchronization).
    public var synchronizedVersion: Int64 {
        knownVersion.withLock { $0 }
    }

    /// The writes after `known` up to at least `current`, in version order, from the change log;
    /// nil when the log cannot tell them all (too far behind, trimmed, or a write that was not
    /// logged): then only a whole reload can. One LRANGE of about `current - known` elements.
    public func changes(after known: Int64, through current: Int64) throws -> [ChangeLogEntry]? {
        guard let command = changesCommand(after: known, through: current) else { return nil }
        return try changes(after: known, through: current, from: try pool.send(command))
    }

    /// The LRANGE that reads the log's entries after `known`, for a caller that sends it itself
    /// (on its event loop); nil when the log cannot hold them all.
    public func changesCommand(after known: Int64, through current: Int64) -> RedisCommand? {
        guard known >= 0, current > known, current - known <= Int64(changeLogCapacity) else { return nil }
        // A few more than needed: writes made since `current` was read push the wanted ones back.
        let count = Int(current - known) + 16
        return RedisCommand("LRANGE", changeLogKey, String(-count), "-1")
    }

    /// The entries after `known` in a reply to `changesCommand`; nil unless they run without a
    /// gap from `known + 1` to at least `current`.
    public func changes(after known: Int64, through current: Int64, from reply: RESPValue) throws -> [ChangeLogEntry]? {
        if let message = reply.errorMessage { throw RedisError.server(message) }
        var entries: [ChangeLogEntry] = []
        for element in reply.array ?? [] {
            guard let bytes = element.bytes, let entry = ChangeLogEntry(element: bytes) else { return nil }
            guard entry.version > known else { continue }
            guard entry.version == (entries.last?.version ?? known) + 1 else { return nil }
            entries.append(entry)
        }
        guard let last = entries.last, last.version >= current else { return nil }
        return entries
    }

    func fetchAll(_ collection: String) throws -> [String: [UInt8]] {
        try Self.pairs(try pool.send(RedisCommand("HGETALL", hashKey(collection))))
    }

    static func pairs(_ reply: RESPValue) throws -> [String: [UInt8]] {
        if let message = reply.errorMessage { throw RedisError.server(message) }
        let values = reply.array ?? []
        var pairs: [String: [UInt8]] = [:]
        var index = 0
        while index + 1 < values.count {
            if let key = values[index].string, let value = values[index + 1].bytes { pairs[key] = value }
            index += 2
        }
        return pairs
    }
}

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

    public init(pool: RedisPool, prefix: String = "waypoint:", cachedCollections: Set<String>? = nil) {
        self.pool = pool
        self.prefix = prefix
        self.cachedCollections = cachedCollections
    }

    func hashKey(_ collection: String) -> String { prefix + "c:" + collection }
    var versionKey: String { prefix + "version" }

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
        guard !mutations.isEmpty else { return }
        var commands = [RedisCommand("MULTI")]
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                commands.append(RedisCommand("HSET", [Array(hashKey(collection).utf8), Array(key.utf8), value]))
            case .delete(let collection, let key):
                commands.append(RedisCommand("HDEL", hashKey(collection), key))
            }
        }
        let raisesVersion = mutations.contains { self.raisesVersion(writing: $0.collection) }
        if raisesVersion { commands.append(RedisCommand("INCR", versionKey)) }
        commands.append(RedisCommand("EXEC"))
        let replies = try pool.pipeline(commands)
        guard let results = replies.last?.array else {
            throw RedisError.server(replies.compactMap(\.errorMessage).first ?? "the transaction was not executed")
        }
        if let failure = results.compactMap(\.errorMessage).first { throw RedisError.server(failure) }
        if raisesVersion {
            guard let version = results.last?.integer else { throw RedisError.server("the transaction did not raise the version") }
            noteOwnWrite(version)
        }
    }

    /// Compares and sets in one script: Redis runs it whole, so no instance writes in between.
    static let replaceScript = """
        local current = redis.call('HGET', KEYS[1], ARGV[1])
        if current == ARGV[2] then
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
            if ARGV[4] == '1' then return {1, redis.call('INCR', KEYS[2])} end
            return {1}
        end
        if current then return {0, current} end
        return {0}
        """

    public func replace(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) throws -> Replacement {
        let reply = try pool.send(RedisCommand("EVAL", [
            Array(Self.replaceScript.utf8), Array("2".utf8), Array(hashKey(collection).utf8), Array(versionKey.utf8),
            Array(key.utf8), expected, value, Array((raisesVersion(writing: collection) ? "1" : "0").utf8),
        ]))
        if let message = reply.errorMessage { throw RedisError.server(message) }
        guard let results = reply.array, let outcome = results.first?.integer else {
            throw RedisError.server("the replace script answered \(reply)")
        }
        guard outcome == 1 else { return .differs(current: results.dropFirst().first?.bytes) }
        if let version = results.dropFirst().first?.integer { noteOwnWrite(version) }
        return .replaced
    }

    private func raisesVersion(writing collection: String) -> Bool {
        cachedCollections?.contains(collection) ?? true
    }

    /// Its own write raised the version to `version`: still current, unless another instance wrote
    /// in between (then the next synchronization reloads).
    private func noteOwnWrite(_ version: Int64) {
        knownVersion.withLock { known in
            if known == version - 1 { known = version }
        }
    }

    /// The shared version: changes with every write by any instance.
    public func version() throws -> Int64 {
        try Self.version(from: try pool.send(versionCommand))
    }

    /// Reads the shared version, for a caller that pipelines it with other questions.
    public var versionCommand: RedisCommand { RedisCommand("GET", versionKey) }

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
        let commands = [RedisCommand("MULTI"), RedisCommand("GET", versionKey)]
            + collections.map { RedisCommand("HGETALL", hashKey($0)) } + [RedisCommand("EXEC")]
        guard let results = try pool.pipeline(commands).last?.array, results.count == collections.count + 1 else {
            throw RedisError.server("the snapshot transaction was not executed")
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

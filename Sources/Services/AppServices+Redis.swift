import RedisClient
import Storage

extension AppServices {
    /// Connects at once, so a wrong URL, password or CA file stops the start with a clear error
    /// instead of a site that answers 503.
    static func openRedis(_ configuration: RedisConfiguration, log: @Sendable (String) -> Void) throws -> RedisStore {
        let store = RedisStore(pool: try RedisPool(configuration: configuration), cachedCollections: Set(Self.cachedCollections))
        _ = try store.pool.send(RedisCommand("PING"))
        log("shared store: \(configuration.redactedURL)")
        return store
    }

    /// What every instance keeps in memory and reloads when another instance wrote to it.
    static let cachedCollections = [
        CatalogService.categoriesCollection, CatalogService.itemsCollection, CatalogService.metaCollection,
        AccountService.accountsCollection,
    ]

    /// With Redis: one GET of the shared version; when another instance wrote since, reloads the
    /// accounts and the catalog from one consistent snapshot. Throws when Redis cannot be reached,
    /// which the web layer turns into 503. Without Redis, does nothing. Blocks: call on a worker.
    public func synchronize() throws {
        guard let redisStore else { return }
        try synchronize(sharedVersion: try redisStore.version())
    }

    /// `synchronize` when the caller read the shared version itself (pipelined with its other
    /// questions). When another instance wrote since, applies its writes one by one from the
    /// change log (one more round trip; each costs what it changed), or, when the log cannot
    /// tell them all (too far behind, trimmed, a seed), reloads everything from one snapshot.
    public func synchronize(sharedVersion: Int64) throws {
        guard let redisStore, redisStore.isStale(knowing: sharedVersion) else { return }
        if let entries = try redisStore.changes(after: redisStore.synchronizedVersion, through: sharedVersion),
            applyChanges(entries, to: redisStore)
        {
            return
        }
        let (version, snapshot) = try redisStore.snapshot(Self.cachedCollections)
        install(try decodedReload(version: version, snapshot: snapshot), in: redisStore)
    }

    /// A whole reload, decoded: what `installReload` puts in memory.
    public struct DecodedReload: Sendable {
        let version: Int64
        let catalog: CatalogState
        let accounts: AccountState
    }

    /// For a caller on an event loop: the transaction whose replies `decodeReload` reads (the
    /// snapshot `synchronize` reloads from), to send on the loop's connection; nil without Redis.
    public func reloadCommands() -> [RedisCommand]? {
        redisStore?.snapshotCommands(Self.cachedCollections)
    }

    /// Decodes the replies to `reloadCommands`: CPU only (no Redis, no lock), a lot of it for a
    /// large catalog, so not on an event loop. Throws on an unusable reply.
    public func decodeReload(_ replies: [RESPValue]) throws -> DecodedReload {
        guard let redisStore else { throw RedisError.server("no shared store") }
        let (version, snapshot) = try redisStore.snapshot(Self.cachedCollections, from: replies)
        return try decodedReload(version: version, snapshot: snapshot)
    }

    private func decodedReload(version: Int64, snapshot: StoreSnapshot) throws -> DecodedReload {
        DecodedReload(
            version: version, catalog: try CatalogService.load(from: snapshot),
            accounts: try AccountService.decodedState(from: snapshot))
    }

    /// Puts a decoded reload in memory, under the store's lock, as the version it was read at
    /// (what `applying` orders with this instance's own writes); returns that version. Takes
    /// microseconds: the decoding was done before.
    @discardableResult
    public func installReload(_ reload: DecodedReload) -> Int64 {
        if let redisStore { install(reload, in: redisStore) }
        return reload.version
    }

    private func install(_ reload: DecodedReload, in redisStore: RedisStore) {
        redisStore.applying { _ in
            catalog.install(reload.catalog)
            accounts.install(reload.accounts)
            return reload.version
        }
    }

    /// For a caller on an event loop: the one command that brings the change log's entries since
    /// this instance's version, when another instance wrote and the log may tell what; nil when
    /// nothing is to be read or only a reload (`synchronize`, blocking) can catch up.
    public func catchUpCommand(sharedVersion: Int64) -> RedisCommand? {
        guard let redisStore, redisStore.isStale(knowing: sharedVersion) else { return nil }
        return redisStore.changesCommand(after: redisStore.synchronizedVersion, through: sharedVersion)
    }

    /// Applies the entries in `reply` (to `catchUpCommand`), in memory and without waiting: true
    /// when this instance now reflects `sharedVersion`, false when it must still `synchronize`.
    public func catchUp(sharedVersion: Int64, reply: RESPValue) -> Bool {
        guard let redisStore else { return true }
        let known = redisStore.synchronizedVersion
        guard let entries = try? redisStore.changes(after: known, through: sharedVersion, from: reply) else { return false }
        return applyChanges(entries, to: redisStore) && !redisStore.isStale(knowing: sharedVersion)
    }

    /// Applies the entries the copies in memory do not reflect yet, in version order, under the
    /// store's lock (so a write of this instance answered meanwhile is published in order). False
    /// when an entry could not be applied: then only a reload can tell what the store holds.
    func applyChanges(_ entries: [ChangeLogEntry], to redisStore: RedisStore) -> Bool {
        var complete = true
        redisStore.applying { known in
            var known = known
            for entry in entries where entry.version > known {
                guard entry.version == known + 1, entry.mutations.allSatisfy(applyStored) else {
                    complete = false
                    break
                }
                known = entry.version
            }
            return known
        }
        return complete
    }

    private func applyStored(_ mutation: StoreMutation) -> Bool {
        let value: [UInt8]? = switch mutation {
        case .put(_, _, let value): value
        case .delete: nil
        }
        return catalog.applyStored(collection: mutation.collection, key: mutation.key, value: value)
            || accounts.applyStored(collection: mutation.collection, key: mutation.key, value: value)
    }
}

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
    /// questions): reloads only when another instance wrote since.
    public func synchronize(sharedVersion: Int64) throws {
        guard let redisStore, redisStore.isStale(knowing: sharedVersion) else { return }
        let (version, snapshot) = try redisStore.snapshot(Self.cachedCollections)
        try catalog.reload(from: snapshot)
        try accounts.reload(from: snapshot)
        redisStore.noteSynchronized(version)
    }
}

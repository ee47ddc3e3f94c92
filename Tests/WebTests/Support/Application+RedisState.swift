import RedisClient
@testable import RedisState
@testable import Web

/// What the Redis tests look at inside a running app, reached through Web's `SharedStore`
/// protocols: the loops' own Redis connections and the live events shared with other instances.
extension AppResponder {
    /// The event loops' pipelined Redis connections, on which requests park; nil on the embedded store.
    var loopRedis: RedisLoopClient? { (sharedState as? SharedState)?.loopClient }
}

extension Application {
    /// Live events to and from the other instances; nil on the embedded store or when not shared.
    var sharedLive: SharedLiveEvents? { (shared as? RedisSharedStoreConnection)?.liveEvents }
    /// The watch for Redis losing the site's data; nil on the embedded store.
    var dataWatch: SharedDataWatch? { (shared as? RedisSharedStoreConnection)?.dataWatch }
}

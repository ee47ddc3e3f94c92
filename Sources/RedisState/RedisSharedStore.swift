import RedisClient
import Services
import Sessions
import Web

/// Redis as the store several instances share: accounts and the catalog (`RedisStore`), sessions
/// (`SharedSessionStore`), visitor admission, live events, readiness. What the command line's
/// `--redis-url` makes (`WaypointConfiguration.redis`); `buildApplication` asks it for its parts
/// through `SharedStore`, knowing nothing of Redis.
public struct RedisSharedStore: SharedStore {
    public var redis: RedisConfiguration

    public init(_ redis: RedisConfiguration) {
        self.redis = redis
    }

    public func configure(_ services: inout AppServices.Configuration) {
        services.redis = Self.boundedForPages(redis)
    }

    public func connect(_ context: SharedStoreContext) throws -> any SharedStoreConnection {
        guard let store = context.services.redisStore else { preconditionFailure("services opened without their Redis store") }
        return RedisSharedStoreConnection(store: store, context: context)
    }

    public func isEqual(to other: any SharedStore) -> Bool {
        (other as? Self)?.redis == redis
    }

    /// Every Redis wait short enough that a page answers 503 within about two seconds while Redis
    /// is unreachable, instead of hanging on the five-second defaults.
    static func boundedForPages(_ redis: RedisConfiguration) -> RedisConfiguration {
        var redis = redis
        redis.connectTimeout = min(redis.connectTimeout, .seconds(1))
        redis.replyTimeout = min(redis.replyTimeout, .seconds(1))
        redis.checkoutTimeout = min(redis.checkoutTimeout, .milliseconds(500))
        // Back in service within about a second of Redis answering again.
        redis.maximumReconnectDelay = min(redis.maximumReconnectDelay, .seconds(1))
        return redis
    }
}

extension WaypointConfiguration {
    /// Where shared state lives when several instances serve one site (`--redis-url`); nil keeps
    /// the embedded store in the data folder. Its CA file (`--redis-ca`) is already folded in.
    public var redis: RedisConfiguration? {
        get { (sharedStore as? RedisSharedStore)?.redis }
        set { sharedStore = newValue.map(RedisSharedStore.init) }
    }
}

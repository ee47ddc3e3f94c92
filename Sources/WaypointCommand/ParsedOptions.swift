import RedisState
import Web

/// What the options fill in while they are read: the configuration, and what only parsing needs.
struct ParsedOptions {
    var configuration = WaypointConfiguration()
    /// `--redis-ca` as given; folded into `configuration.redis` once every option is read, so the
    /// flag and `--redis-url` may come in either order.
    var redisCAFile: String?
}

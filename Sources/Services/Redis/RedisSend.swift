import RedisClient

/// Sends commands on the calling event loop's own Redis connection and calls back on that loop
/// with their replies (error replies as values); false when nothing was sent (no connection ready
/// on the loop, or backing off), and then the caller takes its blocking path on a worker. The web
/// layer makes one from `RedisLoopClient.send(_:on:completion:)` for the request's loop, so a
/// write made through it parks the request instead of a thread.
public typealias RedisSend = (
    _ commands: [RedisCommand], _ completion: @escaping (Result<[RESPValue], RedisError>) -> Void
) -> Bool

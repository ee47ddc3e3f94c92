import RedisClient

extension RedisStore {
    func indexKey(_ index: String) -> String { prefix + "index:" + index }

    /// HSETNX: exactly one claimant of a key wins, whichever instance it runs on.
    public func claim(index: String, key: String, owner: String) throws -> Bool {
        let replies = try pool.pipeline([
            RedisCommand("HSETNX", indexKey(index), key, owner), RedisCommand("HGET", indexKey(index), key),
        ])
        if let message = replies.compactMap(\.errorMessage).first { throw RedisError.server(message) }
        return replies[1].string == owner
    }

    /// Compares and deletes in one script, so a key another owner claimed meanwhile stays theirs.
    public func release(index: String, key: String, owner: String) throws {
        let script = "if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0"
        _ = try pool.send(RedisCommand("EVAL", script, "1", indexKey(index), key, owner))
    }

    public func owner(index: String, key: String) throws -> String? {
        try pool.send(RedisCommand("HGET", indexKey(index), key)).string
    }
}

/// The claims for a request parked on its event loop: the same commands as `claim` and `release`,
/// sent through `RedisSend`; `completion` runs once, on the loop. False when nothing was sent.
extension RedisStore {
    public func claim(
        index: String, key: String, owner: String, through send: RedisSend,
        completion: @escaping (Result<Bool, any Error>) -> Void
    ) -> Bool {
        send([RedisCommand("HSETNX", indexKey(index), key, owner), RedisCommand("HGET", indexKey(index), key)]) { result in
            completion(Result {
                let replies = try result.get()
                if let message = replies.compactMap(\.errorMessage).first { throw RedisError.server(message) }
                guard replies.count == 2 else { throw RedisError.server("unexpected claim replies \(replies)") }
                return replies[1].string == owner
            })
        }
    }

    /// Gives `key` up if `owner` still holds it; `completion` once the reply (or failure) is in.
    public func release(index: String, key: String, owner: String, through send: RedisSend, completion: @escaping () -> Void) -> Bool {
        let script = "if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0"
        return send([RedisCommand("EVAL", script, "1", indexKey(index), key, owner)]) { _ in completion() }
    }
}

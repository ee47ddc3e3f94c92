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

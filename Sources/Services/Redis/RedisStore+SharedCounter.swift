import RedisClient

extension RedisStore: SharedCounter {
    /// Read, raise to the floor and advance in one script, so the step is atomic across instances.
    /// The field keeps the meaning it has in the embedded store (the next free number), and the
    /// version is not raised: nothing any instance caches changed yet.
    static let takeNextScript = """
        local next = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') or 0
        local floor = tonumber(ARGV[2])
        if next < floor then next = floor end
        redis.call('HSET', KEYS[1], ARGV[1], next + 1)
        return next
        """

    public func takeNext(collection: String, key: String, atLeast floor: Int) throws -> Int {
        try number(from: try pool.send(takeNextCommand(collection: collection, key: key, atLeast: floor)))
    }

    func takeNextCommand(collection: String, key: String, atLeast floor: Int) -> RedisCommand {
        RedisCommand("EVAL", Self.takeNextScript, "1", hashKey(collection), key, String(floor))
    }

    func number(from reply: RESPValue) throws -> Int {
        guard let number = reply.integer else { throw RedisError.server("the counter script answered \(reply)") }
        return Int(number)
    }
}

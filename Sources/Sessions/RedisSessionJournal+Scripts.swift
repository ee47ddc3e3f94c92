extension RedisSessionJournal {
    /// KEYS: the session, then its list: the user's set for a signed-in session, the visitors' set
    /// for a visitor's. ARGV: the version the copy comes from, the record, the idle timeout, the
    /// list's score (when it expires), the id, the last use, `visitor` or `user`, the cap on
    /// visitors' sessions, the session key prefix. Stores the record as version + 1 and answers it,
    /// or answers 0 without writing when the stored version is another (someone saved since) or the
    /// key is gone while the copy was saved before or is signed in (ended elsewhere: never brought
    /// back). Only a visitor's first save creates the key. A visitor's save also keeps the
    /// visitors' set within the cap, across instances: beyond it the least recently used visitors'
    /// sessions are deleted. Only visitors are ever on that set, so no number of visitors evicts a
    /// signed-in session.
    static let saveScript = """
        local expected = tonumber(ARGV[1])
        local visitor = ARGV[7] == 'visitor'
        local kind = redis.call('TYPE', KEYS[1]).ok
        local current = 0
        if kind == 'hash' then
            current = tonumber(redis.call('HGET', KEYS[1], 'v')) or 0
        elseif kind ~= 'none' or expected ~= 0 or not visitor then
            return 0
        end
        if current ~= expected then return 0 end
        local version = current + 1
        redis.call('HSET', KEYS[1], 'v', version, 'r', ARGV[2])
        redis.call('EXPIRE', KEYS[1], ARGV[3])
        redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
        redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[6])
        redis.call('EXPIRE', KEYS[2], ARGV[3])
        if visitor then
            local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[8])
            if excess > 0 then
                for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, excess - 1)) do
                    redis.call('DEL', ARGV[9] .. id)
                    redis.call('ZREM', KEYS[2], id)
                end
            end
        end
        return version
        """

    /// KEYS: the user's set. ARGV: the session key prefix, the id to keep, then ids known to the
    /// caller. Deletes every other listed session and takes it off the list, atomically, so a
    /// sign-in racing the revocation on another instance is either ended or made after it. (The
    /// session keys are derived from the set's members, as a standalone or replicated Redis allows.)
    static let endSessionsScript = """
        local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
        for index = 3, #ARGV do ids[#ids + 1] = ARGV[index] end
        local ended = 0
        for _, id in ipairs(ids) do
            if id ~= ARGV[2] then
                ended = ended + redis.call('DEL', ARGV[1] .. id)
                redis.call('ZREM', KEYS[1], id)
            end
        end
        return ended
        """

    /// KEYS: a session. Turns a record saved by an earlier version (a plain string holding the
    /// JSON) into the versioned hash, keeping its expiry.
    static let upgradeScript = """
        if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
        local record = redis.call('GET', KEYS[1])
        local ttl = redis.call('TTL', KEYS[1])
        redis.call('DEL', KEYS[1])
        redis.call('HSET', KEYS[1], 'v', 1, 'r', record)
        if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
        return 1
        """
}

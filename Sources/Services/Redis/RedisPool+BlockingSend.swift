import RedisClient

extension RedisPool {
    /// A `RedisSend` that makes its round trip on a pooled connection, blocking the calling thread
    /// (a worker, never an event loop), and calls back before it returns: the blocking paths run
    /// the parked paths' steps through it, so both make the same checks in the same atomic writes.
    var blockingSend: RedisSend {
        { [self] commands, completion in
            completion(Result { () throws(RedisError) in try pipeline(commands) })
            return true
        }
    }

    /// The outcome of `call` made through `blockingSend` (it calls back before returning).
    static func outcome<Value>(of call: (@escaping (Result<Value, any Error>) -> Void) -> Bool) throws -> Value {
        var outcome: Result<Value, any Error>?
        guard call({ outcome = $0 }), let outcome else { throw RedisError.connectionClosed }
        return try outcome.get()
    }
}

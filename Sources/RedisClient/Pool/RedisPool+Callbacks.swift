extension RedisPool {
    /// For event-loop code, which must not block: runs `send` through `executor` (e.g. the app's
    /// `WorkerPool.submit`) and hands the result to `completion` on that thread.
    public func send(_ command: RedisCommand, on executor: (@escaping @Sendable () -> Void) -> Void,
                     completion: @escaping @Sendable (Result<RESPValue, RedisError>) -> Void) {
        executor { [self] in
            completion(Result { () throws(RedisError) in try send(command) })
        }
    }

    /// `pipeline` through `executor`, like `send(_:on:completion:)`.
    public func pipeline(_ commands: [RedisCommand], on executor: (@escaping @Sendable () -> Void) -> Void,
                         completion: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void) {
        executor { [self] in
            completion(Result { () throws(RedisError) in try pipeline(commands) })
        }
    }
}

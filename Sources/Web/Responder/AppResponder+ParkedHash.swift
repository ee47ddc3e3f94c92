import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// The shape a password form takes on Redis (a sign-in, a registration), from its event loop,
    /// in its session's turn: `check` counts or reads its throttle on the loop's Redis connection
    /// and the request parks (a refusal finishes at once, 429, without a hash); `hash` runs alone
    /// on the hashing lane (CPU, no Redis; 503 with `Retry-After` when its queue is full); back on
    /// the loop, `complete` sends what the hash decided, parked again, and finishes there. No
    /// thread waits for Redis. When the loop has no connection ready, `blocking` makes the whole
    /// form on the hashing lane, as on the embedded store.
    func hashParked<Hashed: Sendable>(
        request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void,
        blocking: @escaping @Sendable () -> Result<StoreWrite.Result, any Error>,
        check: (ThrottledAccounts, RedisSend, @escaping (Result<Void, any Error>) -> Void) -> Bool,
        hash: @escaping @Sendable (ThrottledAccounts) -> Result<Hashed, any Error>,
        complete: @escaping @Sendable (ThrottledAccounts, Result<Hashed, any Error>, @escaping RedisSend) -> Bool
    ) {
        let secure = connection.isSecure
        let onLane: (@escaping @Sendable () -> Void) -> Void = { [self] work in
            // Beyond the hashing lane's queue: "busy, try again" at once, never a wait behind the hashes.
            guard hashingLane.trySubmit(work) else {
                logger.warning("\(request.method.rawValue) \(request.path): the password-hashing lane is full, answering 503")
                return reply.send(busy(secure: secure))
            }
        }
        guard let loop = reply.eventLoop, let sharedState else {
            return onLane { finish(blocking()) }
        }
        let throttled = sharedState.services.throttledAccounts
        // Made again on the loop after the hash: a `RedisSend` stays on its loop.
        let send: @Sendable () -> RedisSend = { sharedState.send(on: loop) }
        let checked = check(throttled, send()) { allowed in
            if case .failure(let error) = allowed { return finish(.failure(error)) }
            onLane {
                let hashed = hash(throttled)
                let posted = loop.execute {
                    // Not sent, no answer: not even whether the password was right.
                    if !complete(throttled, hashed, send()) { finish(.failure(SharedStoreUnavailable())) }
                }
                if !posted { reply.send(self.unavailable(secure: secure)) }
            }
        }
        if !checked { onLane { finish(blocking()) } }
    }
}

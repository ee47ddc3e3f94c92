import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// The shape a password form takes on Redis (a sign-in, a registration, a reset link's new
    /// password), from its event loop, in its session's turn: `check` counts or reads its throttle
    /// (and what else the hash needs, `Checked`: a reset link's token) on the loop's Redis
    /// connection and the request parks (a refusal finishes at once, 429 or a dead link, without a
    /// hash); `hash` runs alone on the hashing lane (CPU, no Redis; 503 with `Retry-After` when its
    /// queue is full); back on the loop, `complete` sends what the hash decided, parked again, and
    /// finishes there. No thread waits for Redis. When the loop has no connection ready,
    /// `blocking` makes the whole form on the hashing lane, as on the embedded store.
    func hashParked<Checked: Sendable, Hashed: Sendable>(
        request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void,
        blocking: @escaping @Sendable () -> Result<StoreWrite.Result, any Error>,
        check: (ThrottledAccounts, @escaping RedisSend, @escaping (Result<Checked, any Error>) -> Void) -> Bool,
        hash: @escaping @Sendable (ThrottledAccounts, Checked) -> Result<Hashed, any Error>,
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
            let checked: Checked
            switch allowed {
            case .failure(let error): return finish(.failure(error))
            case .success(let value): checked = value
            }
            onLane {
                let hashed = hash(throttled, checked)
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

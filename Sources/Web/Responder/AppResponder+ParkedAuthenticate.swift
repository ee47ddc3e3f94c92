import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// A decided sign-in on Redis, from its event loop, in its session's turn: the throttles are
    /// read on the loop's Redis connection and the request parks (a refusal finishes at once, 429,
    /// without a hash); then the password alone is hashed on the hashing lane (CPU, no Redis; 503
    /// with `Retry-After` when its queue is full); back on the loop the attempt is counted, parked
    /// again, and `finish` runs there with the user or the refusal. No thread waits for Redis. When
    /// the loop has no connection ready, the whole sign-in is made blocking on the hashing lane,
    /// as on the embedded store.
    func authenticateParked(
        _ attempt: SignInAttempt, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
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
            return onLane { [self] in finish(blockingSignIn(attempt)) }
        }
        // Made again on the loop after the hash: a `RedisSend` stays on its loop.
        let throttled = sharedState.services.throttledAccounts
        let send: @Sendable () -> RedisSend = { sharedState.send(on: loop) }
        let checked = throttled.checkSignIn(attempt, through: send()) { allowed in
            if case .failure(let error) = allowed { return finish(.failure(error)) }
            onLane {
                let verified = Result { try throttled.verifyPassword(attempt) }
                let posted = loop.execute {
                    let counted = throttled.count(attempt, verified: verified, through: send()) { result in
                        finish(result.map(StoreWrite.Result.user))
                    }
                    // Uncounted, no answer: not even whether the password was right.
                    if !counted { finish(.failure(SharedStoreUnavailable())) }
                }
                if !posted { reply.send(self.unavailable(secure: secure)) }
            }
        }
        if !checked { onLane { [self] in finish(blockingSignIn(attempt)) } }
    }

    /// The throttles, the hash and the count in one blocking call (`ThrottledAccounts.authenticate`).
    private func blockingSignIn(_ attempt: SignInAttempt) -> Result<StoreWrite.Result, any Error> {
        Result {
            .user(try dependencies.accountsForClient(attempt.client).authenticate(
                username: attempt.username, password: attempt.password))
        }
    }
}

import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services

extension AppResponder {
    /// A decided registration on Redis, from its event loop, in its session's turn: the throttle
    /// is counted on the loop's Redis connection and the request parks (a refusal finishes at
    /// once, 429, without a hash); the password alone is hashed on the hashing lane (503 with
    /// `Retry-After` when its queue is full); back on the loop the username and email are claimed
    /// and the account written, parked again, and `finish` runs there with the user or the
    /// refusal. When the loop has no connection ready, the whole registration is made blocking on
    /// the hashing lane, as on the embedded store.
    func registerParked(
        _ attempt: RegistrationAttempt, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply,
        finish: @escaping @Sendable (Result<StoreWrite.Result, any Error>) -> Void
    ) {
        let secure = connection.isSecure
        let onLane: (@escaping @Sendable () -> Void) -> Void = { [self] work in
            guard hashingLane.trySubmit(work) else {
                logger.warning("\(request.method.rawValue) \(request.path): the password-hashing lane is full, answering 503")
                return reply.send(busy(secure: secure))
            }
        }
        guard let loop = reply.eventLoop, let sharedState else {
            return onLane { [self] in finish(blockingRegistration(attempt)) }
        }
        let throttled = sharedState.services.throttledAccounts
        let send: @Sendable () -> RedisSend = { sharedState.send(on: loop) }
        let checked = throttled.checkRegistration(attempt, through: send()) { allowed in
            if case .failure(let error) = allowed { return finish(.failure(error)) }
            onLane {
                let hashed = Result { try throttled.registrationHash(attempt) }
                let posted = loop.execute {
                    let hash: PasswordHash
                    switch hashed {
                    case .success(let made): hash = made
                    case .failure(let error): return finish(.failure(error))
                    }
                    let sent = throttled.register(attempt, hash: hash, through: send()) { result in
                        finish(result.map(StoreWrite.Result.user))
                    }
                    if !sent { finish(.failure(SharedStoreUnavailable())) }
                }
                if !posted { reply.send(self.unavailable(secure: secure)) }
            }
        }
        if !checked { onLane { [self] in finish(blockingRegistration(attempt)) } }
    }

    /// The throttle, the hash, the claims and the write in one blocking call (`ThrottledAccounts.register`).
    private func blockingRegistration(_ attempt: RegistrationAttempt) -> Result<StoreWrite.Result, any Error> {
        Result {
            .user(try dependencies.accountsForClient(attempt.client).register(
                username: attempt.username, email: attempt.email, password: attempt.password))
        }
    }
}

import Models
import RedisClient

/// A sign-in in three steps, for a request parked on its event loop (with Redis): the throttles
/// are checked on the loop (`checkSignIn`), the password alone is checked on the hashing lane
/// (`verifyPassword`, CPU only), and the attempt is counted back on the loop (`count`). The same
/// rules and order as `authenticate`, which makes the three steps in one blocking call.
extension ThrottledAccounts {
    /// Whether a sign-in's throttles can be asked on an event loop: they are counted in Redis.
    public var signInsCanPark: Bool { throttles is RedisAccountThrottles }

    /// Throws `AccountError.tooManyAttempts` through `completion` (on the loop) while the attempt
    /// must wait. False when nothing was sent (throttles in memory, no connection ready).
    public func checkSignIn(
        _ attempt: SignInAttempt, through send: RedisSend, completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles else { return false }
        return shared.checkSignIn(
            account: attempt.username, address: attempt.client.address, isKnownDevice: attempt.isKnownDevice, now: clock(),
            through: send, completion: completion)
    }

    /// The password alone, neither throttled nor counted: a slow hash, for the hashing lane, once
    /// `checkSignIn` let the attempt go (a second one when the stored hash is at another cost, to
    /// upgrade it once the attempt is counted). Then `count` its result.
    public func verifyPassword(_ attempt: SignInAttempt) throws -> VerifiedPassword {
        guard let service = accounts as? AccountService else {
            return VerifiedPassword(user: try accounts.authenticate(username: attempt.username, password: attempt.password))
        }
        return try service.verifiedPassword(username: attempt.username, password: attempt.password)
    }

    /// Counts the verified attempt as `authenticate` does (a success clears the account's failures,
    /// a wrong password counts one; other refusals count nothing), then hands on its result, or
    /// the Redis failure that kept it from being counted. A success whose hash was made at another
    /// cost has its upgraded hash written first (a failure there is logged, the sign-in goes
    /// through). False when nothing was sent.
    public func count(
        _ attempt: SignInAttempt, verified: Result<VerifiedPassword, any Error>, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles else { return false }
        let succeeded: Bool
        switch verified {
        case .success: succeeded = true
        case .failure(AccountError.invalidCredentials): succeeded = false
        case .failure(let error):
            completion(.failure(error))
            return true
        }
        return shared.recordSignIn(
            succeeded: succeeded, account: attempt.username, address: attempt.client.address, now: clock(), through: send
        ) { [accounts] error in
            if let error { return completion(.failure(error)) }
            guard case .success(let password) = verified else { return completion(verified.map(\.user)) }
            let upgrading = (accounts as? AccountService)?.upgradePassword(password, through: send) {
                completion(.success(password.user))
            }
            if upgrading != true { completion(.success(password.user)) }
        }
    }
}

/// A registration in three steps, for a request parked on its event loop (with Redis): the
/// throttle is counted on the loop (`checkRegistration`), the password hashed on the hashing lane
/// (`registrationHash`), and the claims and the account written back on the loop (`register`).
/// The same rules and order as `register(username:email:password:clientAddress:)`.
extension ThrottledAccounts {
    /// Whether a registration can park: its throttle, claims and write are all in Redis.
    public var registrationsCanPark: Bool {
        throttles is RedisAccountThrottles && (accounts as? AccountService)?.registrationsCanPark == true
    }

    /// Counts the attempt; `AccountError.tooManyAttempts` through `completion` (on the loop) when
    /// over the limit. False when nothing was sent.
    public func checkRegistration(
        _ attempt: RegistrationAttempt, through send: RedisSend, completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles else { return false }
        return shared.attempt(.registration, address: attempt.client.address, now: clock(), through: send, completion: completion)
    }

    /// The in-memory check and the slow hash, for the hashing lane, once `checkRegistration` let the attempt go.
    public func registrationHash(_ attempt: RegistrationAttempt) throws -> PasswordHash {
        guard let service = accounts as? AccountService else { preconditionFailure("a parked registration needs AccountService") }
        return try service.registrationHash(username: attempt.username, email: attempt.email, password: attempt.password)
    }

    /// The claims and the account's write, on the loop. False when nothing was sent.
    public func register(
        _ attempt: RegistrationAttempt, hash: PasswordHash, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Error>) -> Void
    ) -> Bool {
        guard let service = accounts as? AccountService else { return false }
        return service.register(username: attempt.username, email: attempt.email, hash: hash, through: send, completion: completion)
    }
}

/// A password-reset request for a request parked on its event loop (with Redis): the throttle is
/// counted and the request queued through the loop's connection, in the order and with the
/// refusals of `requestPasswordReset(email:clientAddress:)`.
extension ThrottledAccounts {
    /// Whether a reset request can park: its throttle and its queue are both in Redis.
    public var resetRequestsCanPark: Bool {
        throttles is RedisAccountThrottles && (accounts as? AccountService)?.resetRequestsCanPark == true
    }

    /// `AccountError.tooManyAttempts` through `completion` (on the loop) when over the limit, else
    /// the queue's answer. False when nothing was sent.
    public func requestPasswordReset(
        email: String, clientAddress: String, through send: @escaping RedisSend,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles, let service = accounts as? AccountService,
            service.resetRequestsCanPark
        else { return false }
        return shared.attempt(.resetRequest, address: clientAddress, now: clock(), through: send) { allowed in
            if case .failure(let error) = allowed { return completion(.failure(error)) }
            let sent = service.requestPasswordReset(email: email, through: send, completion: completion)
            if !sent { completion(.failure(RedisError.connectionClosed)) }
        }
    }
}

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
    /// `checkSignIn` let the attempt go. Then `count` its result.
    public func verifyPassword(_ attempt: SignInAttempt) throws -> User {
        try accounts.authenticate(username: attempt.username, password: attempt.password)
    }

    /// Counts the verified attempt as `authenticate` does (a success clears the account's failures,
    /// a wrong password counts one; other refusals count nothing), then hands on its result, or
    /// the Redis failure that kept it from being counted. False when nothing was sent.
    public func count(
        _ attempt: SignInAttempt, verified: Result<User, any Error>, through send: RedisSend,
        completion: @escaping (Result<User, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles else { return false }
        let succeeded: Bool
        switch verified {
        case .success: succeeded = true
        case .failure(AccountError.invalidCredentials): succeeded = false
        case .failure:
            completion(verified)
            return true
        }
        return shared.recordSignIn(
            succeeded: succeeded, account: attempt.username, address: attempt.client.address, now: clock(), through: send
        ) { error in
            completion(error.map { .failure($0) } ?? verified)
        }
    }
}

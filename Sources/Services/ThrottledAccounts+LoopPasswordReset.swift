import Models
import RedisClient

/// A reset link's new password in three steps, for a request parked on its event loop (with
/// Redis): the bad-token throttle and the token are read on the loop (`checkPasswordReset`; a bad
/// link is counted and refused there, before any hash), the password hashed on the hashing lane
/// (`newPasswordHash`), and the account written back on the loop (`resetPassword(_:token:hash:…)`).
/// The same rules and order as `resetPassword(token:newPassword:clientAddress:)`.
extension ThrottledAccounts {
    /// Whether a new password can park: its throttle, its token and its write are all in Redis.
    public var passwordResetsCanPark: Bool {
        throttles is RedisAccountThrottles && (accounts as? AccountService)?.passwordResetsCanPark == true
    }

    /// The token, valid, through `completion` (on the loop); `AccountError.tooManyAttempts` while
    /// the address must wait, `AccountError.invalidOrExpiredToken` (counted) for a bad link.
    /// False when nothing was sent.
    public func checkPasswordReset(
        _ attempt: PasswordResetAttempt, through send: @escaping RedisSend,
        completion: @escaping (Result<ResetTokenRead, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles, let service = accounts as? AccountService else { return false }
        return shared.check(.resetToken, address: attempt.client.address, now: clock(), through: send) { [self] allowed in
            if case .failure(let error) = allowed { return completion(.failure(error)) }
            let sent = service.resetToken(attempt.token, through: send) { [self] read in
                countingDeadLink(read, attempt, throttles: shared, through: send, completion: completion)
            }
            if !sent { completion(.failure(RedisError.connectionClosed)) }
        }
    }

    /// The new password's hash, for the hashing lane, once `checkPasswordReset` found the link valid.
    public func newPasswordHash(_ attempt: PasswordResetAttempt) throws -> PasswordHash {
        guard let service = accounts as? AccountService else { preconditionFailure("a parked reset needs AccountService") }
        return try service.newPasswordHash(attempt.newPassword)
    }

    /// The account's write, on the loop; a link spent meanwhile is counted as a bad one. False when nothing was sent.
    public func resetPassword(
        _ attempt: PasswordResetAttempt, token: ResetTokenRead, hash: PasswordHash, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Error>) -> Void
    ) -> Bool {
        guard let shared = throttles as? RedisAccountThrottles, let service = accounts as? AccountService else { return false }
        return service.resetPassword(token, hash: hash, through: send) { [self] written in
            countingDeadLink(written, attempt, throttles: shared, through: send, completion: completion)
        }
    }

    /// Hands `result` on; a bad link is counted against the address first (as the blocking path
    /// counts it), and a count that fails is that failure instead.
    private func countingDeadLink<Value>(
        _ result: Result<Value, any Error>, _ attempt: PasswordResetAttempt, throttles: RedisAccountThrottles,
        through send: RedisSend, completion: @escaping (Result<Value, any Error>) -> Void
    ) {
        guard case .failure(AccountError.invalidOrExpiredToken) = result else { return completion(result) }
        let sent = throttles.record(.resetToken, address: attempt.client.address, now: clock(), through: send) { error in
            completion(error.map { .failure($0) } ?? result)
        }
        if !sent { completion(.failure(RedisError.connectionClosed)) }
    }
}

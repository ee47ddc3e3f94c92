import Models
import RedisClient
import Storage

/// A reset link's new password in three steps, for a request parked on its event loop (with
/// Redis): the token is read on the loop (`resetToken`), the password hashed on the hashing lane
/// (`newPasswordHash`, CPU only), and the account written back on the loop (`resetPassword(_:hash:…)`),
/// in one script that first checks the token is still unspent. The same rules as
/// `resetPassword(token:newPassword:)`, which makes all three in one blocking call (on Redis, these
/// three through `RedisPool.blockingSend`, so both paths check the token in the write's script).
extension AccountService {
    /// Whether a new password's token and write can go through an event loop: both are in Redis.
    public var passwordResetsCanPark: Bool { store is RedisStore }

    /// `isResetTokenValid` for a reset link's page parked on its event loop: the one `HGET` the
    /// blocking check makes, read the same way, through `completion` (on the loop); a Redis failure
    /// is that failure, not an invalid link. False when nothing was sent (the embedded store, or no
    /// connection ready on the loop).
    public func isResetTokenValid(
        _ token: String, through send: RedisSend, completion: @escaping (Result<Bool, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        return shared.read(Self.resetTokensCollection, key: Self.digest(of: token), through: send) { [self] read in
            completion(read.map { Self.validToken($0, at: clock()) != nil })
        }
    }

    /// The token's record, valid now, through `completion` (on the loop); a token unknown,
    /// expired or unreadable is `AccountError.invalidOrExpiredToken`, a Redis failure its error.
    /// False when nothing was sent.
    public func resetToken(
        _ token: String, through send: RedisSend, completion: @escaping (Result<ResetTokenRead, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        let digest = Self.digest(of: token)
        return shared.all(Self.resetTokensCollection, through: send) { [self] read in
            completion(Result {
                let tokens = try read.get()
                guard let stored = tokens[digest], let record = try? StoreCoding.decode(StoredResetToken.self, from: stored),
                    clock() < record.expiresAt
                else { throw AccountError.invalidOrExpiredToken }
                let ofUser = tokens.compactMap { key, bytes in
                    (try? StoreCoding.decode(StoredResetToken.self, from: bytes))?.user == record.user ? key : nil
                }
                return ResetTokenRead(digest: digest, stored: stored, record: record, tokensOfUser: ofUser)
            })
        }
    }

    /// The new password's hash, for the hashing lane, once `resetToken` found the link valid.
    public func newPasswordHash(_ password: String) throws -> PasswordHash {
        try hasher.hash(password)
    }

    /// Writes the new hash (and clears `mustSetNewPassword`) and deletes every token of the user
    /// read with `token`, in one script, only if `token` is still stored as read: of two resets
    /// with one link, one wins and the other is `AccountError.invalidOrExpiredToken`, as is a
    /// link that expired while hashing. The script also requires the account as this instance
    /// holds it: when another instance changed it meanwhile (settings), only the password is set
    /// again on the account Redis holds (`editAttempts` in all, as `edit`), so no other change is
    /// undone. `completion` runs once, on the loop. False when nothing was sent.
    public func resetPassword(
        _ token: ResetTokenRead, hash: PasswordHash, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard clock() < token.record.expiresAt, let account = state.withLock({ $0.accounts[token.record.user] }) else {
            completion(.failure(AccountError.invalidOrExpiredToken))
            return true
        }
        let id = account.user.id
        func attempt(on current: StoredAccount, expected: [UInt8], attemptsLeft: Int) -> Bool {
            var account = current
            account.password = hash
            account.mustSetNewPassword = nil
            guard let put = put(account, failing: completion) else { return true }
            let saved = account
            let mutations = [put] + token.tokensOfUser.map { StoreMutation.delete(collection: Self.resetTokensCollection, key: $0) }
            return shared.apply(
                mutations, provided: Self.resetTokensCollection, key: token.digest, holds: token.stored,
                also: [RedisStore.Held(Self.accountsCollection, key: id.rawValue, expected: expected)], through: send,
                publishing: { self.state.withLock { $0.upsert(saved) } }
            ) { [self] outcome in
                switch outcome {
                case .success(.applied):
                    log("password reset for user \(id)")
                    completion(.success(saved.user))
                case .success(.differs), .success(.alsoDiffers(_, current: nil)):
                    completion(.failure(AccountError.invalidOrExpiredToken))
                case .success(.alsoDiffers(_, current: let stored?)):
                    guard attemptsLeft > 1, let now = try? StoreCoding.decode(StoredAccount.self, from: stored) else {
                        return completion(.failure(Error.editConflict(id)))
                    }
                    if !attempt(on: now, expected: stored, attemptsLeft: attemptsLeft - 1) {
                        completion(.failure(RedisError.connectionClosed))
                    }
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
        do {
            return attempt(on: account, expected: try StoreCoding.encode(account), attemptsLeft: Self.editAttempts)
        } catch {
            completion(.failure(error))
            return true
        }
    }
}

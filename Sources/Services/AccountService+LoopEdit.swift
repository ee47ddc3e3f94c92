import Models
import RedisClient
import Storage

/// An account's write on Redis made only on the account as read, as the catalog's `edit`: a
/// compare-and-set (`RedisStore.replace`), so a field another instance changed meanwhile (a reset's
/// password, a rehash, settings) is never written back as it was; when the account changed,
/// `change` is made once more on the account as Redis holds it now.
extension AccountService {
    /// Attempts of `edit`: the first on the account as read, one more on the one Redis holds.
    static let editAttempts = 2

    /// Makes `change` on `original` (as encoded in `expected`; encoded from it when nil) and writes
    /// it only while Redis still holds `expected`; `change` throws to refuse the account it is given.
    /// `completion` runs once, with the account as written; false when nothing was sent.
    func edit(
        _ original: StoredAccount, expected: [UInt8]? = nil, on shared: RedisStore, through send: @escaping RedisSend,
        _ change: @escaping (inout StoredAccount) throws -> Void,
        completion: @escaping (Result<StoredAccount, any Swift.Error>) -> Void
    ) -> Bool {
        let id = original.user.id
        func attempt(from current: StoredAccount, expected: [UInt8], attemptsLeft: Int) -> Bool {
            var account = current
            let value: [UInt8]
            do {
                try change(&account)
                value = try StoreCoding.encode(account)
            } catch {
                completion(.failure(error))
                return true
            }
            let changed = account
            return shared.replace(
                Self.accountsCollection, key: id.rawValue, expected: expected, with: value, through: send,
                publishing: { self.state.withLock { $0.upsert(changed) } }
            ) { outcome in
                switch outcome {
                case .success(.replaced):
                    completion(.success(changed))
                case .success(.differs(current: nil)):
                    completion(.failure(Error.unknownUser(id)))
                case .success(.differs(current: let stored?)):
                    guard attemptsLeft > 1, let now = try? StoreCoding.decode(StoredAccount.self, from: stored) else {
                        return completion(.failure(Error.editConflict(id)))
                    }
                    if !attempt(from: now, expected: stored, attemptsLeft: attemptsLeft - 1) {
                        completion(.failure(RedisError.connectionClosed))
                    }
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
        do {
            return attempt(from: original, expected: try expected ?? StoreCoding.encode(original), attemptsLeft: Self.editAttempts)
        } catch {
            completion(.failure(error))
            return true
        }
    }
}

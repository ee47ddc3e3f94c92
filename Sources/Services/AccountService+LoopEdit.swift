import Models
import RedisClient
import Storage

/// An account's write on Redis made only on the account as read, as the catalog's item edits
/// (`RedisStore.edit`): a field another instance changed meanwhile (a reset's password, a rehash,
/// settings) is never written back as it was; `change` is made once more on the account as Redis
/// holds it when it changed.
extension AccountService {
    /// Attempts of `edit`: the first on the account as read, one more on the one Redis holds.
    static let editAttempts = 2

    /// Makes `change` on `original` and writes it only while Redis still holds it as read;
    /// `change` throws to refuse the account it is given. `completion` runs once, with the account
    /// as written; false when nothing was sent.
    func edit(
        _ original: StoredAccount, on shared: RedisStore, through send: @escaping RedisSend,
        _ change: @escaping (inout StoredAccount) throws -> Void,
        completion: @escaping (Result<StoredAccount, any Swift.Error>) -> Void
    ) -> Bool {
        let id = original.user.id
        return shared.edit(
            Self.accountsCollection, key: id.rawValue, from: original, attempts: Self.editAttempts, through: send, change,
            publishing: { account in self.state.withLock { $0.upsert(account) } }
        ) { outcome in
            completion(outcome.flatMap { edit in
                switch edit {
                case .edited(let account): .success(account)
                case .removed: .failure(Error.unknownUser(id))
                case .conflict: .failure(Error.editConflict(id))
                }
            })
        }
    }
}

import Models
import RedisClient
import Storage

/// Account writes for a request parked on its event loop (with Redis), as the catalog's
/// (`CatalogService+Loop`): false when nothing was sent, else `completion` runs once on the loop.
extension AccountService {
    public func saveSettings(
        _ settings: Settings, for id: UserID, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard var account = state.withLock({ $0.accounts[id] }) else {
            completion(.failure(Error.unknownUser(id)))
            return true
        }
        account.user.settings = settings
        let value: [UInt8]
        do {
            value = try StoreCoding.encode(account)
        } catch {
            completion(.failure(error))
            return true
        }
        let saved = account
        let put = StoreMutation.put(collection: Self.accountsCollection, key: id.rawValue, value: value)
        return shared.apply([put], through: send, publishing: { self.state.withLock { $0.upsert(saved) } }) { error in
            completion(error.map { .failure($0) } ?? .success(saved.user))
        }
    }
}

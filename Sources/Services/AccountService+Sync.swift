import Models
import Storage

extension AccountService {
    /// Applies one entry of the accounts' collection as the store now holds it (`value` nil: it was
    /// deleted), as written by another instance: costs what the change does, not a reload.
    /// Returns false for an entry of another collection, or one that does not decode.
    @discardableResult
    public func applyStored(collection: String, key: String, value: [UInt8]?) -> Bool {
        guard collection == Self.accountsCollection else { return false }
        guard let value else {
            state.withLock { $0.remove(UserID(key)) }
            return true
        }
        guard let account = try? StoreCoding.decode(StoredAccount.self, from: value), account.user.id.rawValue == key else {
            return false
        }
        state.withLock { $0.upsert(account) }
        return true
    }
}

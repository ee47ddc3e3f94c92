import Models
import RedisClient
import Storage

/// A sign-in's hash brought to the configured cost, for a request parked on its event loop (with
/// Redis): the new hash was made on the hashing lane with the check (`verifiedPassword`); here it
/// is written through the loop's connection, as a compare-and-set on the account as it was
/// checked, so a password changed meanwhile (a reset) is never overwritten by the old one.
extension AccountService {
    /// Writes `verified`'s upgraded hash; `completion` runs once on the loop, whatever came of it:
    /// a failure is logged, not answered (the sign-in went through; the next one tries again).
    /// False when there is nothing to write or nothing was sent.
    public func upgradePassword(_ verified: VerifiedPassword, through send: @escaping RedisSend, completion: @escaping () -> Void) -> Bool {
        guard let upgrade = verified.upgrade, let shared = store as? RedisStore else { return false }
        upgradePassword(upgrade, on: shared, expected: try? StoreCoding.encode(upgrade.account), retries: 1, through: send) {
            [self] failure in
            if let failure {
                log("password hash of user \(upgrade.account.user.id) not brought to the configured cost (tried again at the next sign-in): \(failure)")
            }
            completion()
        }
        return true
    }

    /// The compare-and-set; when the stored account differs only in what the hash does not touch
    /// (its settings, another encoding) and still holds the checked hash, tried once more on it.
    private func upgradePassword(
        _ upgrade: VerifiedPassword.Upgrade, on shared: RedisStore, expected: [UInt8]?, retries: Int,
        through send: @escaping RedisSend, completion: @escaping (String?) -> Void
    ) {
        let id = upgrade.account.user.id
        guard let expected, let current = try? StoreCoding.decode(StoredAccount.self, from: expected) else {
            return completion("the stored account could not be read")
        }
        var account = current
        account.password = upgrade.hash
        guard let value = try? StoreCoding.encode(account) else {
            return completion("the account could not be encoded")
        }
        let sent = shared.replace(
            Self.accountsCollection, key: id.rawValue, expected: expected, with: value, through: send,
            publishing: { self.state.withLock { $0.upsert(account) } }
        ) { [self] result in
            switch result {
            case .failure(let error):
                completion("\(error)")
            case .success(.replaced):
                completion(nil)
            case .success(.differs(let stored)):
                let unchanged = stored.flatMap { try? StoreCoding.decode(StoredAccount.self, from: $0) }?.password
                    == upgrade.account.password
                guard retries > 0, unchanged else { return completion("the account changed meanwhile") }
                upgradePassword(upgrade, on: shared, expected: stored, retries: retries - 1, through: send, completion: completion)
            }
        }
        if !sent { completion("no Redis connection") }
    }
}

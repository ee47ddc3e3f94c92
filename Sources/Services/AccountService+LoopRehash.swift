import Models
import RedisClient
import Storage

/// A sign-in's hash brought to the configured cost, for a request parked on its event loop (with
/// Redis): the new hash was made on the hashing lane with the check (`verifiedPassword`); here it
/// is written through the loop's connection, as a compare-and-set on the account as it was
/// checked (`edit`), so a password changed meanwhile (a reset) is never overwritten by the old one.
extension AccountService {
    /// Writes `verified`'s upgraded hash; `completion` runs once on the loop, whatever came of it:
    /// a failure is logged, not answered (the sign-in went through; the next one tries again).
    /// False when there is nothing to write or nothing was sent.
    public func upgradePassword(_ verified: VerifiedPassword, through send: @escaping RedisSend, completion: @escaping () -> Void) -> Bool {
        guard let upgrade = verified.upgrade, let shared = store as? RedisStore else { return false }
        let id = upgrade.account.user.id
        // Tried again on an account changed meanwhile (its settings, another encoding) only while it holds the checked hash.
        let sent = edit(upgrade.account, on: shared, through: send, { account in
            guard account.password == upgrade.account.password else { throw Error.editConflict(id) }
            account.password = upgrade.hash
        }) { [self] result in
            if case .failure(let failure) = result {
                log("password hash of user \(id) not brought to the configured cost (tried again at the next sign-in): \(failure)")
            }
            completion()
        }
        if !sent {
            log("password hash of user \(id) not brought to the configured cost (tried again at the next sign-in): no Redis connection")
            completion()
        }
        return true
    }
}

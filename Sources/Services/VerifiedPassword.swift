import Models

/// A sign-in's password, checked (`AccountService.verifiedPassword`): the user it opens and, when
/// the stored hash was made at another cost than the configured one, the password hashed again at
/// that cost, to store once the sign-in went through (blocking in `authenticate`; with Redis,
/// parked on the loop: `AccountService.upgradePassword`).
public struct VerifiedPassword: Sendable {
    /// The account as it was checked, and its password's hash at the configured cost.
    struct Upgrade: Sendable {
        let account: StoredAccount
        let hash: PasswordHash
    }

    public let user: User
    let upgrade: Upgrade?

    init(user: User, upgrade: Upgrade? = nil) {
        self.user = user
        self.upgrade = upgrade
    }
}

import Models

/// An account as the store keeps it: the public user and the password hash that never leaves
/// the service.
struct StoredAccount: Codable, Sendable {
    var user: User
    var password: PasswordHash
    /// Set by `waypoint store repair` when a lost write may have changed this account (a new
    /// password, for one): the stored hash may be an old password, so signing in with it is
    /// refused until a reset sets a new one. Absent in older records.
    var mustSetNewPassword: Bool?
}

import Models

/// An account as the store keeps it: the public user and the password hash that never leaves
/// the service.
struct StoredAccount: Codable, Sendable {
    var user: User
    var password: PasswordHash
}

/// Accounts as view models see them. Hashing is slow by design, so every call here runs off the
/// event loops.
public protocol AccountRepository: Sendable {
    func register(username: String, email: String, password: String) throws -> User
    func authenticate(username: String, password: String) throws -> User
    func user(_ id: UserID) -> User?
    /// Queues a reset link in the outbox when the email is known; silent otherwise.
    func requestPasswordReset(email: String) throws
    /// Consumes a single-use token and returns the user whose password changed.
    func resetPassword(token: String, newPassword: String) throws -> User
    func isResetTokenValid(_ token: String) -> Bool
    func saveSettings(_ settings: Settings, for user: UserID) throws -> User
}

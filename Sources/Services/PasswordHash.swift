/// A stored password: the PBKDF2-HMAC-SHA256 output with the salt and iteration count that made
/// it, so the cost can rise later without invalidating existing accounts.
public struct PasswordHash: Hashable, Sendable, Codable {
    public var iterations: Int
    /// Hex.
    public var salt: String
    /// Hex.
    public var hash: String

    public init(iterations: Int, salt: String, hash: String) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }
}

/// What accounts need from a password hasher; a protocol so tests can count the (deliberately
/// slow) hashes a request costs.
public protocol PasswordHashing: Sendable {
    /// The cost of new hashes; a stored hash of another cost is upgraded at the next sign-in.
    var iterations: Int { get }
    func hash(_ password: String) throws -> PasswordHash
    func verify(_ password: String, against stored: PasswordHash) -> Bool
    /// Spends the time of a verification without a stored hash to compare against.
    func simulateVerification(_ password: String)
}

/// Hashes and verifies passwords with PBKDF2-HMAC-SHA256 and a random per-user salt.
public struct PasswordHasher: PasswordHashing {
    public static let defaultIterations = 600_000
    public static let saltLength = 16

    public let iterations: Int

    public init(iterations: Int = defaultIterations) {
        self.iterations = max(1, iterations)
    }

    public func hash(_ password: String) throws -> PasswordHash {
        let salt = SecureRandom.bytes(Self.saltLength)
        let derived = try Crypto.pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: iterations)
        return PasswordHash(iterations: iterations, salt: ByteEncoding.hex(salt), hash: ByteEncoding.hex(derived))
    }

    /// True when `password` produces `stored`; compares in constant time.
    public func verify(_ password: String, against stored: PasswordHash) -> Bool {
        guard let salt = ByteEncoding.bytes(fromHex: stored.salt),
            let expected = ByteEncoding.bytes(fromHex: stored.hash),
            let derived = try? Crypto.pbkdf2SHA256(
                password: Array(password.utf8), salt: salt, iterations: stored.iterations, length: max(1, expected.count))
        else { return false }
        return Crypto.constantTimeEquals(derived, expected)
    }

    /// Spends the same time as a real verification, for logins naming no account: the answer's
    /// timing then does not reveal whether the account exists.
    public func simulateVerification(_ password: String) {
        _ = try? Crypto.pbkdf2SHA256(
            password: Array(password.utf8), salt: [UInt8](repeating: 0x5A, count: Self.saltLength), iterations: iterations)
    }
}

import COpenSSL

/// The few primitives accounts need, over libcrypto: well-reviewed implementations instead of
/// hand-rolled ones, behind a byte-array API that keeps pointers out of the services.
public enum Crypto {
    public enum Error: Swift.Error, Hashable, Sendable {
        /// libcrypto reported a failure (out of memory, or an impossible parameter).
        case libcryptoFailure(String)
    }

    public static let sha256Length = 32

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: sha256Length)
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil) == 1
        }
        // EVP_Digest with a built-in digest fails only when allocation fails.
        precondition(succeeded && length == UInt32(sha256Length), "EVP_Digest(SHA-256) failed")
        return digest
    }

    public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: sha256Length)
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                HMAC(
                    EVP_sha256(), key.baseAddress, Int32(key.count),
                    message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, &mac, &length)
            }
        }
        precondition(result != nil && length == UInt32(sha256Length), "HMAC(SHA-256) failed")
        return mac
    }

    /// PBKDF2-HMAC-SHA256: deliberately slow, so run it off the event loops.
    public static func pbkdf2SHA256(
        password: [UInt8], salt: [UInt8], iterations: Int, length: Int = sha256Length
    ) throws(Error) -> [UInt8] {
        guard iterations >= 1, iterations <= Int(Int32.max), length >= 1, length <= 1024 else {
            throw .libcryptoFailure("PBKDF2 parameters out of range: \(iterations) iterations, \(length) bytes")
        }
        var key = [UInt8](repeating: 0, count: length)
        let result = password.withUnsafeBytes { password in
            salt.withUnsafeBytes { salt in
                PKCS5_PBKDF2_HMAC(
                    password.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(password.count),
                    salt.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(salt.count),
                    Int32(iterations), EVP_sha256(), Int32(length), &key)
            }
        }
        guard result == 1 else { throw .libcryptoFailure("PKCS5_PBKDF2_HMAC failed") }
        return key
    }

    /// Compares in time that depends only on the length, so a mismatch position never leaks.
    public static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.isEmpty { return true }
        return lhs.withUnsafeBytes { lhs in
            rhs.withUnsafeBytes { rhs in
                CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0
            }
        }
    }
}

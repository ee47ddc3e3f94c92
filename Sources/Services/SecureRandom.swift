import COpenSSL

/// Unpredictable bytes for salts, session ids, CSRF and reset tokens.
public enum SecureRandom {
    /// `count` bytes from OpenSSL's CSPRNG; should it ever fail, the system CSPRNG (getrandom)
    /// fills in, so callers never handle an error that cannot be acted on.
    public static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        if RAND_bytes(&bytes, Int32(count)) != 1 {
            var system = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = system.next() }
        }
        return bytes
    }

    /// A URL- and cookie-safe token (base64url, no padding) of `bytes` random bytes:
    /// 16 bytes (128 bits) for session ids and CSRF tokens.
    public static func token(bytes count: Int = 16) -> String {
        ByteEncoding.base64URL(bytes(count))
    }
}

import Services

/// The session's CSRF token as pages carry it and forms send it back.
///
/// Pages are gzipped, so a secret repeated byte for byte in every response could be recovered by
/// an attacker who can add text to a page and watch its compressed size (BREACH). Each page
/// therefore carries the token masked afresh: base64url(mask ‖ mask ⊕ token) with a random mask,
/// so no two responses share the token's bytes; a POST is unmasked before it is compared.
enum CSRFToken {
    /// A fresh masking of `token` for one response ("" stays "": no session, no token).
    static func masked(_ token: String) -> String {
        let secret = Array(token.utf8)
        guard !secret.isEmpty else { return "" }
        // Random bytes for both halves; the second becomes mask ⊕ token.
        var masked = SecureRandom.blockBytes(secret.count * 2)
        for index in secret.indices {
            masked[secret.count + index] = masked[index] ^ secret[index]
        }
        return ByteEncoding.base64URL(masked)
    }

    /// Whether `submitted`, a masked token from a form, unmasks to the session's `expected` token.
    static func matchesMasked(_ submitted: String, _ expected: String) -> Bool {
        guard let bytes = ByteEncoding.bytes(fromBase64URL: submitted), bytes.count % 2 == 0 else { return false }
        let half = bytes.count / 2
        let unmasked = (0..<half).map { bytes[$0] ^ bytes[half + $0] }
        return matches(unmasked, Array(expected.utf8))
    }

    /// Compares a submitted CSRF token with the session's in time that depends only on the length,
    /// so the comparison leaks nothing about how much of a guess was right.
    static func matches(_ submitted: String, _ expected: String) -> Bool {
        matches(Array(submitted.utf8), Array(expected.utf8))
    }

    private static func matches(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard !rhs.isEmpty, lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<rhs.count {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }
}

/// The per-address throttles besides sign-in, each with its own limit and window.
public enum ThrottleKind: String, Sendable, CaseIterable {
    /// Every registration attempt.
    case registration
    /// Every password-reset request.
    case resetRequest = "reset-request"
    /// Reset submissions with an invalid or expired token.
    case resetToken = "reset-token"
}

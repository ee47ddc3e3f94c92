/// What showing a screen reads from the store itself (its route declares `readsStoreWhenShown`),
/// read before the screen is built. With Redis the web layer reads it parked on the request's
/// event loop, and the screen is then decided and built there from this value
/// (`PendingOutcome.outcome(knowing:)`) instead of blocking a thread on the store. Only a reset
/// link's page reads the store when shown: its token's validity.
public enum ReadAhead: Hashable, Sendable {
    /// Whether the reset link with `token` is stored and unexpired.
    case resetToken(String, isValid: Bool)

    /// The validity read for `token`; nil when what was read is not about it.
    func isResetTokenValid(_ token: String) -> Bool? {
        switch self {
        case .resetToken(let read, let isValid): read == token ? isValid : nil
        }
    }
}

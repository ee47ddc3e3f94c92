/// A reset link's token as read on an event loop (`AccountService.resetToken(_:through:completion:)`):
/// valid when read, with the bytes it was stored as, so the new password's write can check, in the
/// same script, that nobody spent it meanwhile; and every token of its user, spent with it.
public struct ResetTokenRead: Sendable {
    let digest: String
    let stored: [UInt8]
    let record: StoredResetToken
    let tokensOfUser: [String]
}

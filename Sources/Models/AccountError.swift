/// Why an account operation failed, in words a form can show.
public enum AccountError: Error, Hashable, Sendable {
    /// Wrong username or password, or no such account: deliberately indistinguishable.
    case invalidCredentials
    case usernameTaken
    case emailTaken
    case invalidOrExpiredToken
    /// The password was right, but a repair of the store could not vouch that it is still the
    /// current one: the account must set a new password (through a reset link) first.
    case newPasswordRequired
    case tooManyAttempts(retryAfterSeconds: Int)
}

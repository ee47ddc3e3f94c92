/// Why an account operation failed, in words a form can show.
public enum AccountError: Error, Hashable, Sendable {
    /// Wrong username or password, or no such account: deliberately indistinguishable.
    case invalidCredentials
    case usernameTaken
    case emailTaken
    case invalidOrExpiredToken
    case tooManyAttempts(retryAfterSeconds: Int)
}

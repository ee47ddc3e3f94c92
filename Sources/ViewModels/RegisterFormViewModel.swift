import Models

/// Creates an account; a taken username or email is shown on its field so people can fix it.
public struct RegisterFormViewModel: Sendable {
    public static let usernameTaken = "That username is taken. Try another."
    public static let emailTaken = "An account already uses that email address. Sign in or reset your password."

    public private(set) var state: FormState
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
        state = FormState(fields: [
            .email(),
            FormField(
                name: "username", label: "Username", rules: .newUsername, autocomplete: "username", isRequired: true,
                hint: "3 to 32 letters, digits, dots, dashes or underscores"),
            .newPassword(label: "Password"),
        ])
    }

    /// What a submission decides before any account is asked: refused as typed, or the account to
    /// register (`finish` with the answer).
    public enum Decision: Sendable {
        case invalid(FormState)
        case register(username: String, email: String, password: String)
    }

    /// Validates, then registers. Throws only unexpected (non-account) failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        switch decide(input) {
        case .invalid(let state): return .invalid(state)
        case .register(let username, let email, let password):
            return try finish(Result { try accounts.register(username: username, email: email, password: password) })
        }
    }

    /// Validates only: no account is asked, no hash made.
    public mutating func decide(_ input: FormInput) -> Decision {
        state.formErrors = []
        let email = state.take("email", from: input)
        let username = state.take("username", from: input)
        let password = state.take("password", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        return .register(username: username, email: email, password: password)
    }

    /// The decided registration's answer: the new user, or a taken username or email shown on its
    /// field (a throttle's wait kept for `Retry-After`). Rethrows only unexpected failures.
    public mutating func finish(_ result: Result<User, any Error>) throws -> FormOutcome<User> {
        do {
            return .succeeded(try result.get())
        } catch let error as AccountError {
            switch error {
            case .usernameTaken:
                state.refuse("username", Self.usernameTaken)
            case .emailTaken:
                state.refuse("email", Self.emailTaken)
            case .tooManyAttempts(let seconds):
                return state.refuseTooManyAttempts(on: "email", retryAfterSeconds: seconds)
            case .invalidCredentials, .invalidOrExpiredToken, .newPasswordRequired:
                throw error
            }
            return .invalid(state)
        }
    }
}

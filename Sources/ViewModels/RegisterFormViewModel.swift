import Models

/// Creates an account; a taken username or email is shown on its field so people can fix it.
public struct RegisterFormViewModel {
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

    /// Validates, then registers. Throws only unexpected (non-account) failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        state.formErrors = []
        let email = state.take("email", from: input)
        let username = state.take("username", from: input)
        let password = state.take("password", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        do {
            return .succeeded(try accounts.register(username: username, email: email, password: password))
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

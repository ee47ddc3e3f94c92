import Models

/// Signs people in without ever revealing whether an account exists: every refusal reads the same.
public struct LoginFormViewModel {
    public static let incorrectCredentials = "Incorrect username or password"
    public static let newPasswordRequired =
        "This account must set a new password before signing in: use “Forgot password?” to get a link"

    /// What the template renders.
    public private(set) var state: FormState
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
        state = FormState(fields: [
            FormField(name: "username", label: "Username", rules: .username, autocomplete: "username", isRequired: true),
            FormField(
                name: "password", label: "Password", rules: .password, autocomplete: "current-password",
                isRequired: true),
        ])
    }

    /// Validates, then authenticates. Throws only unexpected (non-account) failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        state.formErrors = []
        let username = state.take("username", from: input)
        let password = state.take("password", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        do {
            return .succeeded(try accounts.authenticate(username: username, password: password))
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "username", retryAfterSeconds: seconds)
            }
            let message = error == .newPasswordRequired ? Self.newPasswordRequired : Self.incorrectCredentials
            state.formErrors = [FormError(fieldName: "username", message: message)]
            return .invalid(state)
        }
    }
}

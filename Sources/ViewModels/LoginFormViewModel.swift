import Models

/// Signs people in without ever revealing whether an account exists: every refusal reads the same.
public struct LoginFormViewModel {
    public static let incorrectCredentials = "Incorrect username or password"

    /// What the template renders.
    public private(set) var state: FormState
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
        state = FormState(fields: [
            FormField(
                name: "username", label: "Username", autocomplete: "username", isRequired: true,
                maxLength: FieldRules.usernameLengths.upperBound),
            FormField(
                name: "password", label: "Password", inputType: .password, autocomplete: "current-password",
                isRequired: true, maxLength: FieldRules.passwordMaximumLength),
        ])
    }

    /// Validates, then authenticates. Throws only unexpected (non-account) failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        state.formErrors = []
        let username = state.fields[0].take(from: input)
        let password = state.fields[1].take(from: input)
        state.fields[0].check(username)
        state.fields[1].check(password, FieldRules.password)
        guard !state.isInvalid else { return .invalid(state) }
        do {
            return .succeeded(try accounts.authenticate(username: username, password: password))
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "username", retryAfterSeconds: seconds)
            }
            state.formErrors = [FormError(fieldName: "username", message: Self.incorrectCredentials)]
            return .invalid(state)
        }
    }
}

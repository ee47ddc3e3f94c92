import Models

/// Signs people in without ever revealing whether an account exists: every refusal reads the same.
public struct LoginFormViewModel: Sendable {
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

    /// What a submission decides before any account is asked: refused as typed, or the username
    /// and password to check (`finish` with the answer).
    public enum Decision: Sendable {
        case invalid(FormState)
        case authenticate(username: String, password: String)
    }

    /// Validates, then authenticates. Throws only unexpected (non-account) failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        switch decide(input) {
        case .invalid(let state): return .invalid(state)
        case .authenticate(let username, let password):
            return try finish(Result { try accounts.authenticate(username: username, password: password) })
        }
    }

    /// Validates only: no account is asked, no hash made.
    public mutating func decide(_ input: FormInput) -> Decision {
        state.formErrors = []
        let username = state.take("username", from: input)
        let password = state.take("password", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        return .authenticate(username: username, password: password)
    }

    /// The decided sign-in's answer: the user, or the refusal every failure reads as (a throttle's
    /// wait kept for `Retry-After`). Rethrows only unexpected (non-account) failures.
    public mutating func finish(_ result: Result<User, any Error>) throws -> FormOutcome<User> {
        do {
            return .succeeded(try result.get())
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

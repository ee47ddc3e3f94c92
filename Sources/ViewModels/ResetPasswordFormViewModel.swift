import Models

/// Sets a new password from a single-use reset link.
public struct ResetPasswordFormViewModel {
    public static let mismatch = "Passwords do not match"
    public static let invalidToken = "This reset link is invalid or has expired. Ask for a new one."

    public private(set) var state: FormState
    public let token: String
    private let accounts: any AccountRepository

    public init(token: String, accounts: any AccountRepository) {
        self.token = token
        self.accounts = accounts
        state = FormState(fields: [
            .newPassword(label: "New password"),
            FormField(
                name: "confirmation", label: "Confirm new password", rules: .passwordConfirmation,
                autocomplete: "new-password", isRequired: true),
        ])
    }

    /// Lets the page say up front that a link is stale instead of after the user typed twice.
    public var isTokenValid: Bool { accounts.isResetTokenValid(token) }

    /// Validates, then resets; succeeds with the user whose password changed. Throws only unexpected failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        state.formErrors = []
        let password = state.take("password", from: input)
        _ = state.take("confirmation", from: input) { $0 == password ? nil : Self.mismatch }
        guard !state.isInvalid else { return .invalid(state) }
        do {
            return .succeeded(try accounts.resetPassword(token: token, newPassword: password))
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "password", retryAfterSeconds: seconds)
            }
            state.formErrors = [FormError(fieldName: "password", message: Self.invalidToken)]
            return .invalid(state)
        }
    }
}

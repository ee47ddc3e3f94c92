import Models

/// Sets a new password from a single-use reset link.
public struct ResetPasswordFormViewModel: Sendable {
    public static let mismatch = "Passwords do not match"
    public static let invalidToken = "This reset link is invalid or has expired. Ask for a new one."

    public private(set) var state: FormState
    public let token: String
    private let accounts: any AccountRepository
    /// The link's validity when it was read already (with Redis, on the request's event loop):
    /// then `isTokenValid` asks the accounts nothing.
    private let knownValidity: Bool?

    public init(token: String, accounts: any AccountRepository, isTokenValid knownValidity: Bool? = nil) {
        self.token = token
        self.accounts = accounts
        self.knownValidity = knownValidity
        state = FormState(fields: [
            .newPassword(label: "New password"),
            FormField(
                name: "confirmation", label: "Confirm new password", rules: .passwordConfirmation,
                autocomplete: "new-password", isRequired: true),
        ])
    }

    /// Lets the page say up front that a link is stale instead of after the user typed twice.
    public var isTokenValid: Bool { knownValidity ?? accounts.isResetTokenValid(token) }

    /// What a submission decides before any account is asked: refused as typed, or the new
    /// password to set with the link's token (`finish` with the answer).
    public enum Decision: Sendable {
        case invalid(FormState)
        case reset(token: String, newPassword: String)
    }

    /// Validates, then resets; succeeds with the user whose password changed. Throws only unexpected failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<User> {
        switch decide(input) {
        case .invalid(let state): return .invalid(state)
        case .reset(let token, let password):
            return try finish(Result { try accounts.resetPassword(token: token, newPassword: password) })
        }
    }

    /// Validates only: no token is read, no hash made.
    public mutating func decide(_ input: FormInput) -> Decision {
        state.formErrors = []
        let password = state.take("password", from: input)
        _ = state.take("confirmation", from: input) { $0 == password ? nil : Self.mismatch }
        guard !state.isInvalid else { return .invalid(state) }
        return .reset(token: token, newPassword: password)
    }

    /// The decided reset's answer: the user whose password changed, the dead link's refusal, or
    /// the throttle's wait kept for `Retry-After`. Rethrows only unexpected (non-account) failures.
    public mutating func finish(_ result: Result<User, any Error>) throws -> FormOutcome<User> {
        do {
            return .succeeded(try result.get())
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "password", retryAfterSeconds: seconds)
            }
            state.formErrors = [FormError(fieldName: "password", message: Self.invalidToken)]
            return .invalid(state)
        }
    }
}

import Models

/// Asks for a reset link. Success reads the same whether or not the email is known, so the form
/// cannot be used to discover accounts.
public struct ForgotPasswordFormViewModel {
    public static let sentNotice = "If an account exists for that email address, we sent a link to reset its password."

    public private(set) var state: FormState
    private let accounts: any AccountRepository

    /// `sent`: the form as it stands after a request, saying a link is on its way (whatever the address).
    public init(accounts: any AccountRepository, sent: Bool = false) {
        self.accounts = accounts
        state = FormState(fields: [
            .email(),
        ], notice: sent ? Self.sentNotice : nil)
    }

    /// Validates, then requests the link; succeeds with the notice to show. Throws only unexpected failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<String> {
        state.formErrors = []
        state.notice = nil
        let email = state.take("email", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        do {
            try accounts.requestPasswordReset(email: email)
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "email", retryAfterSeconds: seconds)
            }
        }
        state.notice = Self.sentNotice
        return .succeeded(Self.sentNotice)
    }
}

import Models

/// Asks for a reset link. Success reads the same whether or not the email is known, so the form
/// cannot be used to discover accounts.
public struct ForgotPasswordFormViewModel: Sendable {
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

    /// What a submission decides before any account is asked: refused as typed, or the address
    /// to request a link for (`finish` with the answer).
    public enum Decision: Sendable {
        case invalid(FormState)
        case request(email: String)
    }

    /// Validates, then requests the link; succeeds with the notice to show. Throws only unexpected failures.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<String> {
        switch decide(input) {
        case .invalid(let state): return .invalid(state)
        case .request(let email): return try finish(Result { try accounts.requestPasswordReset(email: email) })
        }
    }

    /// Validates only: nothing is requested.
    public mutating func decide(_ input: FormInput) -> Decision {
        state.formErrors = []
        state.notice = nil
        let email = state.take("email", from: input)
        guard !state.isInvalid else { return .invalid(state) }
        return .request(email: email)
    }

    /// The decided request's answer: the notice (the same for every address), or the throttle's
    /// wait kept for `Retry-After`. Rethrows only unexpected (non-account) failures.
    public mutating func finish(_ result: Result<Void, any Error>) throws -> FormOutcome<String> {
        do {
            try result.get()
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                return state.refuseTooManyAttempts(on: "email", retryAfterSeconds: seconds)
            }
        }
        state.notice = Self.sentNotice
        return .succeeded(Self.sentNotice)
    }
}

import Models

/// What a form's submission decides before anything is written (`AppCoordinator.decide`): its
/// outcome, or a write to the store and how to finish once the write's result is known. The
/// coordinator never waits for the store: Web makes the write (blocking on the embedded store,
/// parked on its event loop with Redis) and hands the result back to `AppCoordinator.finish`.
public enum Submission: Sendable {
    case done(NavigationOutcome)
    case write(StoreWrite, then: SubmissionFinish)
    /// A sign-in to check (the throttles, the password, the count), then `finish` with the user
    /// (`StoreWrite.Result.user`) or the account's refusal.
    case signIn(SignInAttempt, then: SubmissionFinish)
    /// A registration to make (the throttle, the hash, the claims, the write), then `finish` with
    /// the new user (`StoreWrite.Result.user`) or the account's refusal.
    case register(RegistrationAttempt, then: SubmissionFinish)
    /// A password-reset link to request for `email` (the throttle, the shared queue), then
    /// `finish` with `StoreWrite.Result.requested` or the refusal; the mail is sent later.
    case requestReset(email: String, client: Client, then: SubmissionFinish)
    /// A reset link's new password to set (the throttle, the token, the hash, the write), then
    /// `finish` with the user (`StoreWrite.Result.user`) or the refusal (a dead link).
    case resetPassword(PasswordResetAttempt, then: SubmissionFinish)
}

/// The rest of a submission once its write is made (or failed): the notice, the navigation and the
/// outcome. Run by `AppCoordinator.finish`, in the same turn of the session as the decision.
public struct SubmissionFinish: Sendable {
    let body: @Sendable (AppCoordinator, Result<StoreWrite.Result, any Error>) throws -> NavigationOutcome

    init(_ body: @escaping @Sendable (AppCoordinator, Result<StoreWrite.Result, any Error>) throws -> NavigationOutcome) {
        self.body = body
    }
}

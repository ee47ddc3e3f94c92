import Models
import ViewModels

extension AppCoordinator {
    /// A reset link's new-password form decided without asking the accounts: refused as typed, or
    /// the new password to set (`Submission.resetPassword`) and how to finish once its answer is
    /// known. Success signs the user in, as a sign-in does.
    func decideNewPassword(token: String, form: FormInput, viewer: Viewer, client: Client) -> Submission {
        let route = AccountRoute.resetPassword(token: token)
        var model = ResetPasswordFormViewModel(token: token, accounts: dependencies.accountsForClient(client))
        switch model.decide(form) {
        case .invalid(let state):
            return .done(signIn(.invalid(state), route: route, next: nil, viewer: viewer))
        case .reset(let token, let newPassword):
            let decided = model
            let attempt = PasswordResetAttempt(token: token, newPassword: newPassword, client: client)
            return .resetPassword(attempt, then: SubmissionFinish { coordinator, result in
                var model = decided
                let outcome = try model.finish(Result { try Self.user(result) })
                return coordinator.signIn(outcome, route: route, next: nil, viewer: viewer)
            })
        }
    }
}

import Models
import ViewModels

extension AppCoordinator {
    /// A forgotten-password form decided without asking the accounts: refused as typed, or the
    /// link to request (`Submission.requestReset`) and how to finish once its answer is known.
    func decideResetRequest(next: AppRoute?, form: FormInput, viewer: Viewer, client: Client) -> Submission {
        let route = AccountRoute.forgotPassword(next: next)
        var model = ForgotPasswordFormViewModel(accounts: dependencies.accountsForClient(client))
        switch model.decide(form) {
        case .invalid(let state):
            return .done(resetRequested(.invalid(state), route: route, viewer: viewer))
        case .request(let email):
            let decided = model
            return .requestReset(email: email, client: client, then: SubmissionFinish { coordinator, result in
                var model = decided
                let outcome = try model.finish(result.map { _ in () })
                return coordinator.resetRequested(outcome, route: route, viewer: viewer)
            })
        }
    }

    /// The request's outcome as navigation: the same redirect for every address (post/redirect/get:
    /// a reload of the answer sends nothing again), the form again when invalid or throttled.
    func resetRequested(_ outcome: FormOutcome<String>, route: AccountRoute, viewer: Viewer) -> NavigationOutcome {
        switch outcome {
        case .succeeded:
            return .redirect(.account(.resetLinkSent))
        case .invalid(let state):
            return .render(builder(for: viewer).accountScreen(route, status: .invalid, state: state))
        case .rateLimited(let state, let seconds):
            return .rateLimited(builder(for: viewer).accountScreen(route, status: .invalid, state: state), retryAfterSeconds: seconds)
        }
    }
}

import Models
import ViewModels

extension AppCoordinator {
    /// A registration form decided without asking the accounts: refused as typed, or the attempt
    /// to make (`Submission.register`) and how to finish once its answer is known, as a sign-in.
    func decideRegistration(next: AppRoute?, form: FormInput, viewer: Viewer, client: Client) -> Submission {
        let route = AccountRoute.register(next: next)
        var model = RegisterFormViewModel(accounts: dependencies.accountsForClient(client))
        switch model.decide(form) {
        case .invalid(let state):
            return .done(signIn(.invalid(state), route: route, next: next, viewer: viewer))
        case .register(let username, let email, let password):
            let decided = model
            let attempt = RegistrationAttempt(username: username, email: email, password: password, client: client)
            return .register(attempt, then: SubmissionFinish { coordinator, result in
                var model = decided
                let outcome = try model.finish(Result { try Self.user(result) })
                return coordinator.signIn(outcome, route: route, next: next, viewer: viewer)
            })
        }
    }
}

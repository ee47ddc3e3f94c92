import Models
import ViewModels

extension AppCoordinator {
    /// A sign-in form decided without asking the accounts: refused as typed, or the attempt to make
    /// (`Submission.signIn`) and how to finish once its answer is known, as a library form's write.
    func decideSignIn(next: AppRoute?, form: FormInput, viewer: Viewer, client: Client) -> Submission {
        let route = AccountRoute.login(next: next)
        var model = LoginFormViewModel(accounts: dependencies.accountsForClient(client))
        switch model.decide(form) {
        case .invalid(let state):
            return .done(signIn(.invalid(state), route: route, next: next, viewer: viewer))
        case .authenticate(let username, let password):
            let decided = model
            let attempt = SignInAttempt(username: username, password: password, client: client)
            return .signIn(attempt, then: SubmissionFinish { coordinator, result in
                var model = decided
                let outcome = try model.finish(Result { try Self.user(result) })
                return coordinator.signIn(outcome, route: route, next: next, viewer: viewer)
            })
        }
    }
}

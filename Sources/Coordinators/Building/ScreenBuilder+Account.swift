import ViewModels

extension ScreenBuilder {
    /// An account page; `state` replaces the fresh form after a refused submission.
    func accountScreen(_ route: AccountRoute, status: ScreenStatus = .ok, state: FormState? = nil) -> Screen {
        let accounts = dependencies.accounts
        let action = AppRoute.account(route)
        let content: AccountContent
        let template: ScreenTemplate
        switch route {
        case .login, .logout:
            let next = route.next
            template = .login
            content = AccountContent(
                heading: "Sign in",
                form: FormContent(action: .account(.login(next: next)), submitLabel: "Sign in",
                    state: state ?? LoginFormViewModel(accounts: accounts).state),
                links: [
                    Link(title: "Create an account", href: .account(.register(next: next))),
                    Link(title: "Forgot your password?", href: .account(.forgotPassword(next: next))),
                ])
        case .register(let next):
            template = .register
            content = AccountContent(
                heading: "Create an account",
                form: FormContent(action: action, submitLabel: "Create account",
                    state: state ?? RegisterFormViewModel(accounts: accounts).state),
                links: [Link(title: "Already have an account? Sign in", href: .account(.login(next: next)))])
        case .forgotPassword(let next):
            template = .forgotPassword
            content = AccountContent(
                heading: "Reset your password",
                form: FormContent(action: action, submitLabel: "Send reset link",
                    state: state ?? ForgotPasswordFormViewModel(accounts: accounts).state),
                links: [Link(title: "Back to sign in", href: .account(.login(next: next)))])
        case .resetLinkSent:
            template = .forgotPassword
            content = AccountContent(
                heading: "Check your inbox",
                form: FormContent(action: .account(.forgotPassword(next: nil)), submitLabel: "Send another link",
                    state: state ?? ForgotPasswordFormViewModel(accounts: accounts, sent: true).state),
                links: [Link(title: "Back to sign in", href: .account(.login(next: nil)))])
        case .resetPassword(let token):
            let model = ResetPasswordFormViewModel(token: token, accounts: accounts)
            template = .resetPassword
            content = AccountContent(
                heading: "Choose a new password",
                form: FormContent(action: action, submitLabel: "Set password", state: state ?? model.state),
                links: [Link(title: "Ask for a new link", href: .account(.forgotPassword(next: nil)))],
                problem: state == nil && !model.isTokenValid ? ResetPasswordFormViewModel.invalidToken : nil)
        }
        // A reset link that is unknown, used or expired names nothing: 404, with the way to a new one.
        let isDeadLink = if case .resetPassword = route, state == nil, content.problem != nil { true } else { false }
        return makeScreen(template, route: .account(route), status: isDeadLink ? .notFound : status, content: .account(content))
    }
}

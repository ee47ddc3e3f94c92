import ViewModels
import Models

extension ScreenBuilder {
    /// An account page; `state` replaces the fresh form after a refused submission.
    func accountScreen(_ route: AccountRoute, status: ScreenStatus = .ok, state: FormState? = nil) -> Screen {
        let accounts = dependencies.accounts
        let action = AppRoute.account(route)
        let content: AccountContent
        switch route {
        case .login, .logout:
            let next = route.next
            content = AccountContent(
                heading: "Sign in",
                form: FormContent(action: .account(.login(next: next)), submitLabel: "Sign in",
                    state: state ?? LoginFormViewModel(accounts: accounts).state),
                links: [
                    Link(title: "Create an account", href: .account(.register(next: next))),
                    Link(title: "Forgot your password?", href: .account(.forgotPassword(next: next))),
                ],
                reason: signInReason(next: next))
        case .register(let next):
            content = AccountContent(
                heading: "Create an account",
                form: FormContent(action: action, submitLabel: "Create account",
                    state: state ?? RegisterFormViewModel(accounts: accounts).state),
                links: [Link(title: "Already have an account? Sign in", href: .account(.login(next: next)))],
                reason: signInReason(next: next))
        case .forgotPassword(let next):
            content = AccountContent(
                heading: "Reset your password",
                form: FormContent(action: action, submitLabel: "Send reset link",
                    state: state ?? ForgotPasswordFormViewModel(accounts: accounts).state),
                links: [Link(title: "Back to sign in", href: .account(.login(next: next)))])
        case .resetLinkSent:
            content = AccountContent(
                heading: "Check your inbox",
                form: FormContent(action: .account(.forgotPassword(next: nil)), submitLabel: "Send another link",
                    state: state ?? ForgotPasswordFormViewModel(accounts: accounts, sent: true).state),
                links: [Link(title: "Back to sign in", href: .account(.login(next: nil)))])
        case .resetPassword(let token):
            let model = ResetPasswordFormViewModel(
                token: token, accounts: accounts, isTokenValid: readAhead?.isResetTokenValid(token))
            content = AccountContent(
                heading: "Choose a new password",
                form: FormContent(action: action, submitLabel: "Set password", state: state ?? model.state),
                links: [Link(title: "Ask for a new link", href: .account(.forgotPassword(next: nil)))],
                problem: state == nil && !model.isTokenValid ? ResetPasswordFormViewModel.invalidToken : nil)
        }
        // A reset link that is unknown, used or expired names nothing: 404, with the way to a new one.
        let isDeadLink = if case .resetPassword = route, state == nil, content.problem != nil { true } else { false }
        // Every account page declares its template with its route.
        guard let template = action.declared.pattern.template else { preconditionFailure("\(route) declares no template") }
        return makeScreen(template, route: .account(route), status: isDeadLink ? .notFound : status, content: .account(content))
    }

    /// What the guarded action that sent the visitor here was, in their words: the page it guards,
    /// and what they sent (a favourite, typed changes) when they sent something.
    func signInReason(next: AppRoute?) -> String? {
        guard case .library(let route) = next else { return nil }
        let title = { (id: ItemID) in self.dependencies.catalog.item(id).map { "“\($0.title)”" } ?? "this item" }
        switch route {
        case .newItem, .addItem:
            return "Sign in to add an item."
        case .deleteItem(_, let id):
            return "Sign in to delete \(title(id))."
        case .item(_, let id, _):
            guard let draft = state.draft, draft.route == route else { return nil }
            switch draft.favourite {
            case true?: return "Sign in to add \(title(id)) to your favourites."
            case false?: return "Sign in to remove \(title(id)) from your favourites."
            case nil: return "Sign in to save your changes to \(title(id))."
            }
        case .home, .category, .pane:
            return nil
        }
    }
}

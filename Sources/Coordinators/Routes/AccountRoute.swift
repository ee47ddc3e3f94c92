/// Account pages. `next` is where to go after success; it is always a parsed route, so it can only
/// ever point inside Waypoint (never an open redirect), and never at another account page.
public indirect enum AccountRoute: Hashable, Sendable {
    case login(next: AppRoute?)
    case register(next: AppRoute?)
    case forgotPassword(next: AppRoute?)
    /// `/forgot-password/sent`: where a valid request lands (post/redirect/get), known address or not.
    case resetLinkSent
    /// `/reset-password/{token}`
    case resetPassword(token: String)
    /// `POST /logout`
    case logout

    public var next: AppRoute? {
        switch self {
        case .login(let next), .register(let next), .forgotPassword(let next): next
        case .resetLinkSent, .resetPassword, .logout: nil
        }
    }

    @usableFromInline enum URLs {
        @usableFromInline static let login = RouteDeclaration("/login", .next, forms: true, title: "Sign in") {
            .account(.login(next: $0.next))
        }
        @usableFromInline static let register = RouteDeclaration("/register", .next, forms: true, title: "Create an account") {
            .account(.register(next: $0.next))
        }
        @usableFromInline static let forgotPassword = RouteDeclaration(
            "/forgot-password", .next, forms: true, title: "Forgot password"
        ) { .account(.forgotPassword(next: $0.next)) }
        @usableFromInline static let resetLinkSent = RouteDeclaration("/forgot-password/sent", title: "Check your inbox") { _ in
            .account(.resetLinkSent)
        }
        @usableFromInline static let resetPassword = RouteDeclaration(
            "/reset-password/", .token, forms: true, title: "Reset password"
        ) { .account(.resetPassword(token: $0.token)) }
        @usableFromInline static let logout = RouteDeclaration("/logout", forms: true, title: "Sign out") { _ in .account(.logout) }

        static let all = [login, register, forgotPassword, resetLinkSent, resetPassword, logout]
    }

    @inlinable
    public var declared: DeclaredRoute {
        switch self {
        case .login(let next): DeclaredRoute(URLs.login, RouteValues(next: next))
        case .register(let next): DeclaredRoute(URLs.register, RouteValues(next: next))
        case .forgotPassword(let next): DeclaredRoute(URLs.forgotPassword, RouteValues(next: next))
        case .resetLinkSent: DeclaredRoute(URLs.resetLinkSent)
        case .resetPassword(let token): DeclaredRoute(URLs.resetPassword, RouteValues(token: token))
        case .logout: DeclaredRoute(URLs.logout)
        }
    }
}

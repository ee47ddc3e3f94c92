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
        @usableFromInline enum Login: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/login", .next, forms: true, title: "Sign in") { .account(.login(next: $0.next)) }
            }
        }
        @usableFromInline enum Register: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/register", .next, forms: true, title: "Create an account") { .account(.register(next: $0.next)) }
            }
        }
        @usableFromInline enum ForgotPassword: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/forgot-password", .next, forms: true, title: "Forgot password") { .account(.forgotPassword(next: $0.next)) }
            }
        }
        @usableFromInline enum ResetLinkSent: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/forgot-password/sent", title: "Check your inbox") { _ in .account(.resetLinkSent) }
            }
        }
        @usableFromInline enum ResetPassword: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/reset-password/", .token, forms: true, title: "Reset password") { .account(.resetPassword(token: $0.token)) }
            }
        }
        @usableFromInline enum Logout: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/logout", forms: true, title: "Sign out") { _ in .account(.logout) }
            }
        }

        static var all: [RoutePattern] { [Login.pattern, Register.pattern, ForgotPassword.pattern, ResetLinkSent.pattern, ResetPassword.pattern, Logout.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    @inlinable @inline(__always)
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .login(let next): visitor.visit(URLs.Login.self, RouteValues(next: next))
        case .register(let next): visitor.visit(URLs.Register.self, RouteValues(next: next))
        case .forgotPassword(let next): visitor.visit(URLs.ForgotPassword.self, RouteValues(next: next))
        case .resetLinkSent: visitor.visit(URLs.ResetLinkSent.self, RouteValues())
        case .resetPassword(let token): visitor.visit(URLs.ResetPassword.self, RouteValues(token: token))
        case .logout: visitor.visit(URLs.Logout.self, RouteValues())
        }
    }
}

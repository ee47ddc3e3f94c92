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

    enum URLs {
        enum Login: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern(
                    "/login", .next, visitorForms: true, title: "Sign in", template: ScreenTemplate("login"),
                    failure: "Sign-in failed", hashesPasswords: true
                ) { .account(.login(next: $0.next)) }
            }
        }
        enum Register: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern(
                    "/register", .next, visitorForms: true, title: "Create an account", template: ScreenTemplate("register"),
                    failure: "Account not created", hashesPasswords: true
                ) { .account(.register(next: $0.next)) }
            }
        }
        enum ForgotPassword: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern(
                    "/forgot-password", .next, visitorForms: true, title: "Forgot password",
                    template: ScreenTemplate("forgot-password"), failure: "Reset link not sent"
                ) { .account(.forgotPassword(next: $0.next)) }
            }
        }
        enum ResetLinkSent: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern(
                    "/forgot-password/sent", title: "Check your inbox", template: ScreenTemplate("forgot-password"),
                    failure: "Reset link not sent"
                ) { _ in .account(.resetLinkSent) }
            }
        }
        enum ResetPassword: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern(
                    "/reset-password/", .token, visitorForms: true, title: "Reset password",
                    template: ScreenTemplate("reset-password"), failure: "Password not changed", hashesPasswords: true,
                    readsStoreWhenShown: true
                ) { .account(.resetPassword(token: $0.token)) }
            }
        }
        enum Logout: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/logout", forms: true, title: "Sign out", template: ScreenTemplate("login")) { _ in .account(.logout) }
            }
        }

        static var all: [RoutePattern] { [Login.pattern, Register.pattern, ForgotPassword.pattern, ResetLinkSent.pattern, ResetPassword.pattern, Logout.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
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

    // The printer: hand-written for speed (a page prints dozens of links, and a printer walking
    // the declaration cost 8 % more instructions per page), and held to the declaration above by
    // `RoutePrintingTests.everyRoutePrintsAsItsDeclarationSpellsIt`.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .login(let next):
            writer.append("/login")
            Self.write(next: next, to: &writer)
        case .register(let next):
            writer.append("/register")
            Self.write(next: next, to: &writer)
        case .forgotPassword(let next):
            writer.append("/forgot-password")
            Self.write(next: next, to: &writer)
        case .resetLinkSent:
            writer.append("/forgot-password/sent")
        case .resetPassword(let token):
            writer.append("/reset-password/")
            writer.append(component: token)
        case .logout:
            writer.append("/logout")
        }
    }

    @inlinable
    static func write<Output: ~Copyable>(next: AppRoute?, to writer: inout RouteWriter<Output>) {
        guard let next else { return }
        writer.append("?next=")
        writer.append(queryValue: next)
    }
}

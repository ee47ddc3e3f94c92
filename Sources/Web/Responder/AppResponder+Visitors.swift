import Coordinators
import HTTPCore
import Sessions

extension AppRoute {
    /// The account forms, which a visitor without a server session may send (see `VisitorFormCookie`):
    /// signing in must never depend on the visitor budget of the address one shares.
    var takesVisitorForms: Bool {
        switch self {
        case .account(.login), .account(.register), .account(.forgotPassword), .account(.resetPassword): true
        default: false
        }
    }
}

extension AppResponder {
    /// For an account form from a visitor without a session: a session nobody keeps, whose CSRF
    /// token is the one the visitor's form cookie holds. Signing in stores it (under a new id).
    func visitorSession(for route: AppRoute, request: HTTPRequest, secure: Bool) -> Session? {
        guard route.takesVisitorForms, let token = VisitorFormCookie.token(in: request, secure: secure) else { return nil }
        let session = sessions.makeSession(now: clock())
        session.record.withLock { $0.csrfToken = token }
        return session
    }
}

import Coordinators
import HTTPCore
import Sessions

extension AppResponder {
    /// For an account form from a visitor without a session: a session nobody keeps, whose CSRF
    /// token is the one the visitor's form cookie holds. Signing in stores it (under a new id). Which
    /// forms a visitor may send is declared with their routes (`RoutePattern.acceptsVisitorForms`).
    func visitorSession(for route: AppRoute, request: HTTPRequest, secure: Bool) -> Session? {
        guard route.acceptsVisitorForms, let token = VisitorFormCookie.token(in: request, secure: secure) else { return nil }
        let session = sessions.makeSession(now: clock())
        session.record.withLock { $0.csrfToken = token }
        return session
    }
}

import Coordinators
import HTTPCore
import HTTPServer
import Sessions
import ViewModels

extension AppResponder {
    /// A form of this site whose token no longer matches the session: signed out (or in) in another
    /// tab, or a page kept too long. Nothing it asks is done; what it carried is kept as for any
    /// guarded action (`AppCoordinator.expiredForm`): sign in and come back to it, or see it again.
    /// Only a browser that says the form came from this site gets that; anything else is the 403.
    func expiredForm(
        _ route: AppRoute, form: FormData, request: HTTPRequest, session: Session, turn: SessionTurn,
        connection: ConnectionInfo
    ) -> HTTPResponse {
        guard Self.provesSameOrigin(request) else {
            return renderer.errorPage(.forbidden, for: request, secure: connection.isSecure)
        }
        var input: FormInput = [:]
        for (name, value) in form.pairs where name != "csrfToken" && input[name] == nil {
            input[name] = value
        }
        let fields = input
        let viewer = viewer(of: session)
        let (outcome, changed) = session.withNavigation(turn, dependencies) { coordinator in
            coordinator.expiredForm(route, form: fields, viewer: viewer)
        }
        if changed { sessions.markChanged(session) }
        return response(for: outcome, route: route, session: session, turn: turn, connection: connection)
    }

    /// Positive evidence that a form came from one of this site's pages: `Sec-Fetch-Site:
    /// same-origin`, or an `Origin` naming this host (`isSameOrigin` also lets through requests that
    /// carry neither, which the token then decides alone).
    static func provesSameOrigin(_ request: HTTPRequest) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"] { return site.lowercased() == "same-origin" }
        guard let origin = request.headers["Origin"], origin != "null" else { return false }
        return isSameOrigin(request)
    }
}

import Coordinators
import HTTPCore
import HTTPServer
import Models
import Sessions

extension AppResponder {
    /// What a coordinator's outcome means in HTTP. Signing in or out gives the session a new id.
    func response(
        for outcome: NavigationOutcome, route: AppRoute, session: Session, turn: SessionTurn, connection: ConnectionInfo
    ) -> HTTPResponse {
        switch outcome {
        case .render(let screen):
            let live = screen.template == .inspector ? self.live.streams(of: session.id) : nil
            return page(screen, csrfToken: session.record.withLock { $0.csrfToken }, connection: connection, live: live)
        case .rateLimited(let screen, let seconds):
            var response = page(
                screen, csrfToken: session.record.withLock { $0.csrfToken }, connection: connection, status: .tooManyRequests)
            response.headers.set("Retry-After", String(max(1, seconds)))
            return response
        case .redirect(let target):
            return redirect(to: target, connection: connection)
        case .canonical(let target):
            return canonicalRedirect(to: target.print(), connection: connection)
        case .signIn(let user, let target):
            let previous = session.id
            defer { live.sessionEnded(previous, because: "signed-in") }
            if let saved = userNavigation?.navigation(of: user.id) {
                _ = session.withNavigation(turn, dependencies) { $0.adoptTabs(from: saved) }
            }
            do {
                try sessions.rotate(session, now: clock()) { record in
                    record.userID = user.id
                    record.knownUsername = user.username
                }
                if case .account(.resetPassword) = route {
                    // A new password shuts out whoever knew the old one.
                    try sessions.removeSessions(of: user.id, keeping: session)
                }
            } catch {
                return notSaved(error, connection: connection)
            }
            var response = redirect(to: target, connection: connection)
            response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
            return response
        case .signOut(let target):
            // The user's tabs as left here are what their next sign-in, anywhere, brings back.
            try? userNavigation?.save([session.record.withLock { $0 }])
            // The old id dies with the sign-in; the navigation stays with the new visitor id.
            let previous = session.id
            defer { live.sessionEnded(previous, because: "signed-out") }
            do {
                try sessions.rotate(session, now: clock()) { $0.userID = nil }
            } catch {
                return notSaved(error, connection: connection)
            }
            var response = redirect(to: target, connection: connection)
            response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
            return response
        }
    }

    /// A sign-in or sign-out that could not be made durable is not acknowledged (503 when Redis
    /// could not be reached, as for any request then).
    func notSaved(_ error: any Error, connection: ConnectionInfo) -> HTTPResponse {
        logger.error("session change not saved: \(error)")
        if error is SessionStoreUnavailable { return unavailable(secure: connection.isSecure) }
        return renderer.errorPage(.internalServerError, secure: connection.isSecure)
    }

    /// A screen's page with the status its outcome implies (200, 422 for a refused form, 404, 403).
    func page(
        _ screen: Screen?, csrfToken: String, connection: ConnectionInfo, status: HTTPStatus? = nil,
        live: (open: Int, sent: Int)? = nil
    ) -> HTTPResponse {
        guard let screen else { return renderer.errorPage(.internalServerError, secure: connection.isSecure) }
        let status = status ?? {
            switch screen.status {
            case .ok: .ok
            case .invalid: .unprocessableContent
            case .notFound: .notFound
            case .forbidden: .forbidden
            }
        }()
        do {
            return try renderer.page(screen, csrfToken: csrfToken, status: status, secure: connection.isSecure, live: live)
        } catch {
            logger.error("page \(screen.url.print()) not rendered: \(error)")
            return renderer.errorPage(.internalServerError, secure: connection.isSecure)
        }
    }

    /// 308 Permanent Redirect from another spelling of a screen's URL to its canonical one (GET and
    /// HEAD only: a POST is never redirected, it would lose its body). 308 keeps the method.
    func canonicalRedirect(to location: String, connection: ConnectionInfo) -> HTTPResponse {
        var response = HTTPResponse(
            status: .permanentRedirect, headers: SecurityHeaders.headers(SecurityHeaders.common, secure: connection.isSecure))
        response.headers.add("Location", location)
        return response
    }

    /// 303 See Other: after a POST the browser follows with a GET.
    func redirect(to route: AppRoute, connection: ConnectionInfo) -> HTTPResponse {
        var response = HTTPResponse(status: .seeOther, headers: SecurityHeaders.headers(SecurityHeaders.common, secure: connection.isSecure))
        response.headers.add("Location", route.print())
        return response
    }
}

extension AppResponder {
    /// `/flow/` for `/flow`: a GET or HEAD whose path names a screen once its trailing slash is gone
    /// is sent (308) to the printed URL; anything else stays a 404.
    func trailingSlashLocation(_ request: HTTPRequest) -> String? {
        guard request.method == .get || request.method == .head, request.path.count > 1, request.path.hasSuffix("/"),
            let route = AppRoute.parse(path: String(request.path.dropLast()), query: request.query)
        else { return nil }
        return route.canonicalLocation(path: request.path, query: request.query)
    }
}

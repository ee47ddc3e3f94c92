import Coordinators
import HTTPCore
import HTTPServer
import Models

extension AppResponder {
    /// With state in Redis, every page first costs one pipelined round trip (`SharedState.prepare`:
    /// the shared version, the session's version or record, and a cookie-less visitor's admission
    /// count). That blocking work runs on the worker pool, never the event loop, and the answer goes
    /// back through `reply`. Redis unreachable: 503 with `Retry-After` after at most the (shortened)
    /// Redis timeouts, and the next request tries again, so the site recovers by itself when Redis
    /// returns.
    func respondShared(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, shared: SharedState) {
        pool.submit { [self] in
            let prepared: SharedState.Prepared
            do {
                prepared = try shared.prepare(
                    sessionID: request.cookie(Self.cookieName),
                    admitting: mayStartSession(request) ? countedClient(connection) : nil, now: clock())
            } catch {
                logger.warning("shared state unavailable, answering 503: \(error)")
                return reply.send(unavailable(secure: connection.isSecure))
            }
            route(
                request, connection: connection, reply: publishing(reply, sessionID: request.cookie(Self.cookieName)),
                admitted: prepared.admitted)
        }
    }

    /// Saves what the request changed in its session (or the session it started, named by the
    /// cookie it sets) before the answer goes out, so the browser's next request finds it on any
    /// instance (`SessionStore.publishChanges`). Runs where the answer is sent: a worker.
    private func publishing(_ reply: HTTPReply, sessionID: String?) -> HTTPReply {
        reply.map { [self] response in
            var ids = sessionID.map { [$0] } ?? []
            for value in response.headers.values(for: "Set-Cookie") where value.hasPrefix(Self.cookieName + "=") {
                ids.append(String(value.dropFirst(Self.cookieName.count + 1).prefix { $0 != ";" }))
            }
            do {
                try sessions.publishChanges(of: ids)
            } catch {
                logger.warning("session not saved to the shared store (the periodic save retries): \(error)")
            }
            return response
        }
    }

    /// Whether a request without a session would start one: a GET of a screen's printed URL
    /// (redirects, 404s and HEADs never do).
    func mayStartSession(_ request: HTTPRequest) -> Bool {
        guard request.method == .get, let route = AppRoute.parse(path: request.path, query: request.query) else { return false }
        return route.canonicalLocation(path: request.path, query: request.query) == nil
    }

    func unavailable(secure: Bool) -> HTTPResponse {
        var response = renderer.errorPage(.storeUnavailable, secure: secure)
        response.headers.set("Retry-After", "2")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

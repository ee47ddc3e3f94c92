import HTTPCore
import HTTPServer

extension AppResponder {
    /// With state in Redis, every page first costs a round trip or two: one GET of the shared
    /// version (reloading the catalog and accounts when another instance wrote) and, for a session
    /// cookie, the session's check or load (`SessionStore.loadShared`). That blocking work runs on
    /// the worker pool, never the event loop, and the answer goes back through `reply`. Redis
    /// unreachable: 503 with `Retry-After` after at most the (shortened) Redis timeouts, and the next
    /// request tries again, so the site recovers by itself when Redis returns.
    func respondShared(
        to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, synchronize: @escaping @Sendable () throws -> Void
    ) {
        pool.submit { [self] in
            let id = request.cookie(Self.cookieName)
            do {
                try synchronize()
                if let id { try sessions.loadShared(id: id, now: clock()) }
            } catch {
                logger.warning("shared state unavailable, answering 503: \(error)")
                return reply.send(unavailable(secure: connection.isSecure))
            }
            route(request, connection: connection, reply: publishing(reply, sessionID: id))
        }
    }

    /// Saves what the request changed in its session (or the session it started, named by the
    /// cookie it sets) before the answer goes out, so the browser's next request finds it on any
    /// instance. Runs where the answer is sent: a worker, in shared mode.
    private func publishing(_ reply: HTTPReply, sessionID: String?) -> HTTPReply {
        HTTPReply { [self] response in
            var ids = sessionID.map { [$0] } ?? []
            for value in response.headers.values(for: "Set-Cookie") where value.hasPrefix(Self.cookieName + "=") {
                ids.append(String(value.dropFirst(Self.cookieName.count + 1).prefix { $0 != ";" }))
            }
            do {
                try sessions.publishChanges(of: ids)
            } catch {
                logger.warning("session not saved to the shared store (the periodic save retries): \(error)")
            }
            reply.send(response)
        }
    }

    func unavailable(secure: Bool) -> HTTPResponse {
        var response = renderer.errorPage(.storeUnavailable, secure: secure)
        response.headers.set("Retry-After", "2")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

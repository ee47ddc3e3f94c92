import HTTPCore
import HTTPServer

/// In front of everything (static files too): gives each request its id (see `RequestID`), puts
/// it in the request's `X-Request-Id` for the app, and in every response's for the client and the
/// access log.
struct IdentifiedResponder: HTTPResponder {
    let next: any HTTPResponder
    let proxies: TrustedProxies

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let id = RequestID.decide(for: request, peer: connection, proxies: proxies)
        var request = request
        request.headers.set(RequestID.header, id)
        // Set by the server as it writes the answer: no closure, no copy of the response's headers.
        next.respond(to: request, connection: connection, reply: reply.settingField(RequestID.header, id))
    }
}

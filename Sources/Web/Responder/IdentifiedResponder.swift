import HTTPCore
import HTTPServer

/// In front of everything (static files too): gives each request its id (see `RequestID`) and
/// puts it in every response's `X-Request-Id` for the client and the access log. The app's own
/// copy, in the request, is set behind the static files (`IdentifiedRequestResponder`), so a
/// static answer does not copy its request's headers to add a field nothing there reads.
struct IdentifiedResponder: HTTPResponder {
    let next: any HTTPResponder
    let proxies: TrustedProxies

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        // Set by the server as it writes the answer: no closure, no copy of the response's headers.
        // A generated id is handed over as its number: written as digits, no String per request.
        if let given = RequestID.given(in: request, peer: connection, proxies: proxies) {
            next.respond(to: request, connection: connection, reply: reply.settingField(RequestID.header, given))
        } else {
            next.respond(to: request, connection: connection, reply: reply.settingField(RequestID.header, hex: RequestID.generateNumber()))
        }
    }
}

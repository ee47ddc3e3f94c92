import HTTPCore
import HTTPServer

/// In front of the app, behind the static files: puts the request id that `IdentifiedResponder`
/// gave the reply into the request's `X-Request-Id`, where the app reads it (pages, error pages).
/// Without one the client's own field is dropped: an id a client sent is never taken as given.
struct IdentifiedRequestResponder: HTTPResponder {
    let next: any HTTPResponder

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        var request = request
        if let field = reply.field, field.name == RequestID.header {
            request.headers.set(RequestID.header, field.value)
        } else {
            request.headers.remove(RequestID.header)
        }
        next.respond(to: request, connection: connection, reply: reply)
    }
}

import HTTPCore
import HTTPServer

extension AppResponder {
    /// `GET /_events`: the page's event stream (see `LiveUpdates`). Without a session there is
    /// nothing to follow: 204, which tells `EventSource` not to reconnect.
    func events(_ request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let secure = connection.isSecure
        guard request.method == .get else {
            var response = renderer.errorPage(.methodNotAllowed, secure: secure)
            response.headers.set("Allow", "GET")
            return reply.labeled(ExchangeLabel("events")).send(response)
        }
        guard let session = session(for: request, now: clock()) else {
            var response = HTTPResponse(status: .noContent, headers: SecurityHeaders.headers(SecurityHeaders.common, secure: secure))
            response.headers.set("Cache-Control", "no-store")
            return reply.labeled(ExchangeLabel("events")).send(response)
        }
        var head = HTTPResponse(status: .ok, headers: SecurityHeaders.headers(SecurityHeaders.common, secure: secure))
        head.headers.set("Content-Type", "text/event-stream; charset=utf-8")
        // `no-cache`, not `no-store`: a stream is never stored anyway, and Chromium keeps no page in
        // its back/forward cache once a script of it received a `no-store` answer.
        head.headers.set("Cache-Control", "no-cache")
        // nginx buffers proxied answers unless told not to; haproxy forwards as bytes arrive.
        head.headers.set("X-Accel-Buffering", "no")
        let id = session.id
        let lastEventID = request.headers["Last-Event-ID"]
        reply.openStream(head: head) { [live] stream in
            guard let stream else { return }
            live.open(stream, session: id, lastEventID: lastEventID)
        }
    }
}

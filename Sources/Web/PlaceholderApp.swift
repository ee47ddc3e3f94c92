import HTTPCore
import HTTPServer

/// Stands in for the application until it exists: liveness at `/healthz`, a plain home page, 404 otherwise.
public struct PlaceholderApp: HTTPResponder {
    public init() {}

    public func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        guard request.method == .get || request.method == .head else {
            var response = HTTPResponse.text("405 Method Not Allowed\n", status: .methodNotAllowed)
            response.headers.set("Allow", "GET, HEAD")
            return reply.send(response)
        }
        switch request.path {
        case "/healthz":
            reply.send(.text("ok"))
        case "/":
            reply.send(.html(Self.homePage))
        default:
            reply.send(.html(Self.notFoundPage, status: .notFound))
        }
    }

    private static let homePage = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Waypoint</title><link rel="stylesheet" href="/styles.css"></head>
        <body><main><h1>Waypoint</h1><p>The server is running.</p></main></body>
        </html>

        """

    private static let notFoundPage = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Not found · Waypoint</title></head>
        <body><main><h1>Not found</h1><p><a href="/">Home</a></p></main></body>
        </html>

        """
}

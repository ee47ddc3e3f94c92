import HTTPCore
@testable import HTTPServer
import Log

/// Answers with a closure, so each test states its own behaviour.
struct ClosureResponder: HTTPResponder {
    let handler: @Sendable (HTTPRequest, HTTPReply) -> Void

    init(_ handler: @escaping @Sendable (HTTPRequest, HTTPReply) -> Void) { self.handler = handler }

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        handler(request, reply)
    }
}

/// Echoes method, path and body size: enough to see which request an answer belongs to.
let echoResponder = ClosureResponder { request, reply in
    reply.send(.text("\(request.method.rawValue) \(request.target) \(request.body.count)"))
}

extension HTTPServer.Configuration {
    /// Port 0, one loop, short timeouts: fast tests that still exercise the real paths.
    static func testing(
        headerReadTimeout: Duration = .seconds(2), bodyReadTimeout: Duration = .seconds(2),
        idleTimeout: Duration = .seconds(5), maxConnections: Int = 2000, eventLoops: Int = 1,
        limits: HTTPRequestParser.Limits = .init()
    ) -> HTTPServer.Configuration {
        HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, eventLoops: eventLoops, limits: limits,
            headerReadTimeout: headerReadTimeout, bodyReadTimeout: bodyReadTimeout, idleTimeout: idleTimeout,
            shutdownGracePeriod: .seconds(2), maxConnections: maxConnections, serverName: "Waypoint")
    }
}

/// Runs `body` against a started server and always shuts it down.
func withServer<T>(
    _ configuration: HTTPServer.Configuration = .testing(),
    responder: any HTTPResponder = echoResponder,
    _ body: (Int) throws -> T
) throws -> T {
    let server = HTTPServer(configuration: configuration, responder: responder, logger: Logger(level: .error))
    let port = try server.start()
    defer {
        server.shutdown()
        server.waitUntilStopped()
    }
    return try body(port)
}

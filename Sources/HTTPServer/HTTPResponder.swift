import HTTPCore

/// Anything that answers requests: the app, the static files, a chain of both.
public protocol HTTPResponder: Sendable {
    /// Runs on an event-loop thread: answer cheap requests inline; hand slow work to a WorkerPool.
    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply)
}

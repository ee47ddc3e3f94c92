import HTTPCore

/// The way back to the connection that asked. Call `send` exactly once, inline on the event loop or
/// later from any thread; answers still go out in request order, and a second call is ignored.
public struct HTTPReply: Sendable {
    private enum Destination: Sendable {
        case connection(EventLoop, connectionID: UInt64, sequence: Int)
        case handler(@Sendable (HTTPResponse) -> Void)
    }

    private let destination: Destination

    init(loop: EventLoop, connectionID: UInt64, sequence: Int) {
        destination = .connection(loop, connectionID: connectionID, sequence: sequence)
    }

    /// A reply that hands the response to `handler`: for calling responders directly in tests,
    /// or for a responder that wraps another and post-processes its answer.
    public init(_ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .handler(handler)
    }

    public func send(_ response: HTTPResponse) {
        switch destination {
        case .connection(let loop, let connectionID, let sequence):
            loop.deliver(response, connectionID: connectionID, sequence: sequence)
        case .handler(let handler):
            handler(response)
        }
    }
}

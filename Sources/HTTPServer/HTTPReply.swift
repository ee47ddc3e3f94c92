import HTTPCore

/// The way back to the connection that asked. Call `send` exactly once, inline on the event loop or
/// later from any thread; answers still go out in request order, and a second call is ignored.
///
/// A reply may carry the label the server files the answer under (`labeled`); replies made with
/// `map` hand it on, so a responder in front of another keeps the label the inner one chose.
public struct HTTPReply: Sendable {
    private enum Destination: Sendable {
        case connection(EventLoop, connectionID: UInt64, sequence: Int)
        case handler(@Sendable (HTTPResponse, ExchangeLabel?) -> Void)
    }

    private let destination: Destination
    /// What the answer counts and is logged under; nil when nothing named it.
    public private(set) var label: ExchangeLabel?

    init(loop: EventLoop, connectionID: UInt64, sequence: Int) {
        destination = .connection(loop, connectionID: connectionID, sequence: sequence)
    }

    /// A reply that hands the response to `handler`: for calling responders directly in tests.
    public init(_ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .handler { response, _ in handler(response) }
    }

    /// A reply that hands the response and its label to `handler`.
    public init(labeled handler: @escaping @Sendable (HTTPResponse, ExchangeLabel?) -> Void) {
        destination = .handler(handler)
    }

    public func send(_ response: HTTPResponse) {
        switch destination {
        case .connection(let loop, let connectionID, let sequence):
            loop.deliver(response, label: label, connectionID: connectionID, sequence: sequence)
        case .handler(let handler):
            handler(response, label)
        }
    }

    /// This reply, filing its answer under `label`.
    public func labeled(_ label: ExchangeLabel) -> HTTPReply {
        var reply = self
        reply.label = label
        return reply
    }

    /// A reply that passes the response through `transform` (which may also do work before the
    /// answer leaves) and sends the result here, with the label it was sent with.
    public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPReply {
        HTTPReply(labeled: { response, label in
            var reply = self
            if let label { reply.label = label }
            reply.send(transform(response))
        })
    }
}

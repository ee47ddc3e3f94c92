import HTTPCore

/// The way back to the connection that asked. Call `send` exactly once, inline on the event loop or
/// later from any thread; answers still go out in request order, and a second call is ignored.
/// Or, instead of `send`, `openStream` once: the answer is then an open event stream.
///
/// A reply may carry the label the server files the answer under (`labeled`); replies made with
/// `map` hand it on, so a responder in front of another keeps the label the inner one chose.
public struct HTTPReply: Sendable {
    /// Opens a stream on behalf of a wrapping reply.
    public typealias StreamOpener = @Sendable (HTTPResponse, @escaping @Sendable (EventStream?) -> Void) -> Void

    private enum Destination: Sendable {
        case connection(EventLoop, connectionID: UInt64, sequence: Int)
        case handler(@Sendable (HTTPResponse, ExchangeLabel?) -> Void, streams: StreamOpener?)
    }

    private let destination: Destination
    /// What the answer counts and is logged under; nil when nothing named it.
    public private(set) var label: ExchangeLabel?

    init(loop: EventLoop, connectionID: UInt64, sequence: Int) {
        destination = .connection(loop, connectionID: connectionID, sequence: sequence)
    }

    /// A reply that hands the response to `handler`: for calling responders directly in tests,
    /// or for a responder that wraps another and post-processes its answer. Streams go to
    /// `upstream` (the reply being wrapped), when given; otherwise none can be opened.
    public init(forwardingStreamsTo upstream: HTTPReply? = nil, _ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .handler({ response, _ in handler(response) }, streams: Self.streams(to: upstream))
    }

    /// A reply that hands the response and its label to `handler`.
    public init(
        forwardingStreamsTo upstream: HTTPReply? = nil, labeled handler: @escaping @Sendable (HTTPResponse, ExchangeLabel?) -> Void
    ) {
        destination = .handler(handler, streams: Self.streams(to: upstream))
    }

    private static func streams(to upstream: HTTPReply?) -> StreamOpener? {
        guard let upstream else { return nil }
        return { head, opened in upstream.openStream(head: head, opened: opened) }
    }

    /// This reply, filing its answer under `label`.
    public func labeled(_ label: ExchangeLabel) -> HTTPReply {
        var reply = self
        reply.label = label
        return reply
    }

    /// A reply that passes the response through `transform` (which may also do work before the
    /// answer leaves) and sends the result here, with the label it was sent with; streams are
    /// opened here too.
    public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPReply {
        HTTPReply(forwardingStreamsTo: self, labeled: { response, label in
            var reply = self
            if let label { reply.label = label }
            reply.send(transform(response))
        })
    }

    public func send(_ response: HTTPResponse) {
        switch destination {
        case .connection(let loop, let connectionID, let sequence):
            loop.deliver(response, label: label, connectionID: connectionID, sequence: sequence)
        case .handler(let handler, _):
            handler(response, label)
        }
    }

    /// Answers with `head` (a 200 `text/event-stream` head; the server adds `Date` and
    /// `Connection: close`) and keeps the connection as an event stream. `opened` runs on the
    /// connection's loop with the stream, or with nil when none could be opened (the server is at
    /// its stream budget, other answers are pending on the connection, or the peer left): the
    /// server has then answered 503 itself.
    public func openStream(head: HTTPResponse, opened: @escaping @Sendable (EventStream?) -> Void) {
        switch destination {
        case .connection(let loop, let connectionID, let sequence):
            loop.openStream(head: head, connectionID: connectionID, sequence: sequence, opened: opened)
        case .handler(let handler, let streams):
            guard let streams else {
                handler(HTTPResponse.text("503 Service Unavailable\nNo event stream here.\n", status: .serviceUnavailable), label)
                return opened(nil)
            }
            streams(head, opened)
        }
    }
}

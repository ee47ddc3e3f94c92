import HTTPCore
import Networking

/// The way back to the connection that asked. Call `send` exactly once, inline on the event loop or
/// later from any thread; answers still go out in request order, and a second call is ignored.
/// Or, instead of `send`, `openStream` once: the answer is then an open event stream.
///
/// A reply may carry the label the server files the answer under (`labeled`); replies made with
/// `map` hand it on, so a responder in front of another keeps the label the inner one chose.
public struct HTTPReply: Sendable {
    /// Opens a stream on behalf of a wrapping reply.
    public typealias StreamOpener = @Sendable (HTTPResponse, @escaping @Sendable (EventStream?) -> Void) -> Void

    /// A handler reply's destination, in one reference: a reply is copied several times per
    /// request (each `labeled`, `settingField`, every responder it passes), and a struct of two
    /// references and two numbers copies in a few instructions, where an enum holding closures and
    /// an existential went through an outlined copy that switched on its case.
    private final class Handler: Sendable {
        let deliver: @Sendable (HTTPResponse, ExchangeLabel?) -> Void
        let streams: StreamOpener?
        let loop: (any EventLoopScheduler)?

        init(deliver: @escaping @Sendable (HTTPResponse, ExchangeLabel?) -> Void, streams: StreamOpener?, loop: (any EventLoopScheduler)?) {
            self.deliver = deliver
            self.streams = streams
            self.loop = loop
        }
    }

    /// The connection's loop, for a reply to a connection (then `handler` is nil).
    private let loop: EventLoop?
    private let connectionID: UInt64
    private let sequence: Int
    private let handler: Handler?
    /// What the answer counts and is logged under; nil when nothing named it.
    public private(set) var label: ExchangeLabel?
    /// A field the answer gets as it is sent (see `settingField`).
    public var field: (name: String, value: String)? {
        setField.map { (name: $0.name, value: $0.value) }
    }

    /// `field`, held as a struct: a reply is copied several times per request, and an optional
    /// tuple of two strings is copied and destroyed through the runtime's generic tuple walk. The
    /// connection's machine keeps it in this form, so it is handed over as it is.
    private var setField: ConnectionStateMachine.Field?

    init(loop: EventLoop, connectionID: UInt64, sequence: Int) {
        self.loop = loop
        self.connectionID = connectionID
        self.sequence = sequence
        self.handler = nil
    }

    /// A reply that hands the response to `handler`: for calling responders directly in tests,
    /// or for a responder that wraps another and post-processes its answer. Streams go to
    /// `upstream` (the reply being wrapped), when given; otherwise none can be opened. The
    /// upstream's event loop is passed on, so what waits for I/O the loop drives (Redis) can still
    /// park on the request's loop behind the wrapper.
    public init(forwardingStreamsTo upstream: HTTPReply? = nil, _ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        self.init(forwardingStreamsTo: upstream, labeled: { response, _ in handler(response) })
    }

    /// A reply that hands the response and its label to `handler`, as the one above.
    public init(
        forwardingStreamsTo upstream: HTTPReply? = nil, labeled handler: @escaping @Sendable (HTTPResponse, ExchangeLabel?) -> Void
    ) {
        var streams: StreamOpener?
        if let upstream {
            streams = { head, opened in upstream.openStream(head: head, opened: opened) }
        }
        self.loop = nil
        self.connectionID = 0
        self.sequence = 0
        self.handler = Handler(deliver: handler, streams: streams, loop: upstream?.eventLoop)
    }

    /// This reply, filing its answer under `label`.
    public func labeled(_ label: ExchangeLabel) -> HTTPReply {
        var reply = self
        reply.label = label
        return reply
    }

    /// This reply, setting `name: value` on its answer (replacing any field of that name), as a
    /// request id on every response: the server writes it while framing the answer, so the
    /// response's headers (a cached file's, shared by all its answers) are not copied to add it.
    /// A handler reply sets it on the response it hands over, as does a stream's head.
    public func settingField(_ name: String, _ value: String) -> HTTPReply {
        var reply = self
        reply.setField = ConnectionStateMachine.Field(name: name, value: value)
        return reply
    }

    /// A reply that passes the response through `transform` (which may also do work before the
    /// answer leaves) and sends the result here, with the label it was sent with; streams are
    /// opened here too, and the event loop is this one's.
    public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPReply {
        HTTPReply(forwardingStreamsTo: self, labeled: { response, label in
            var reply = self
            if let label { reply.label = label }
            reply.send(transform(response))
        })
    }

    /// The event loop the request came in on, when it did: work that waits for I/O the loop drives
    /// (Redis) parks there and resumes on it. Nil for a handler reply made without one.
    public var eventLoop: (any EventLoopScheduler)? {
        if let loop { return loop }
        return handler?.loop
    }

    /// The response is consumed: it is kept by the connection until written, and a response the
    /// caller no longer uses moves there without a copy of its fields.
    public func send(_ response: consuming HTTPResponse) {
        if let loop {
            loop.deliver(consume response, label: label, field: setField, connectionID: connectionID, sequence: sequence)
        } else if let handler {
            handler.deliver(withField(response), label)
        }
    }

    /// `labeled(label).send(response)` without making the labeled copy of this reply.
    public func send(_ response: consuming HTTPResponse, labeled label: ExchangeLabel) {
        if let loop {
            loop.deliver(consume response, label: label, field: setField, connectionID: connectionID, sequence: sequence)
        } else if let handler {
            handler.deliver(withField(response), label)
        }
    }

    private func withField(_ response: HTTPResponse) -> HTTPResponse {
        guard let field = setField else { return response }
        var response = response
        response.headers.set(field.name, field.value)
        return response
    }

    /// Answers with `head` (a 200 `text/event-stream` head; the server adds `Date` and
    /// `Connection: close`) and keeps the connection as an event stream. `opened` runs on the
    /// connection's loop with the stream before the head is written, or with nil when none could be opened (the server is at
    /// its stream budget, other answers are pending on the connection, or the peer left): the
    /// server has then answered 503 itself.
    public func openStream(head: HTTPResponse, opened: @escaping @Sendable (EventStream?) -> Void) {
        let head = withField(head)
        if let loop {
            loop.openStream(head: head, connectionID: connectionID, sequence: sequence, opened: opened)
        } else if let handler {
            guard let streams = handler.streams else {
                handler.deliver(HTTPResponse.text("503 Service Unavailable\nNo event stream here.\n", status: .serviceUnavailable), label)
                return opened(nil)
            }
            streams(head, opened)
        }
    }
}

import HTTPCore
import Networking

/// The way back to the connection that asked. Call `send` exactly once, inline on the event loop or
/// later from any thread; answers still go out in request order, and a second call is ignored.
public struct HTTPReply: Sendable {
    private enum Destination: Sendable {
        case connection(EventLoop, connectionID: UInt64, sequence: Int)
        case handler(@Sendable (HTTPResponse) -> Void, loop: (any EventLoopScheduler)?)
    }

    private let destination: Destination

    init(loop: EventLoop, connectionID: UInt64, sequence: Int) {
        destination = .connection(loop, connectionID: connectionID, sequence: sequence)
    }

    /// A reply that hands the response to `handler`: for calling responders directly in tests,
    /// or for a responder that wraps another and post-processes its answer.
    public init(_ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .handler(handler, loop: nil)
    }

    /// A reply that wraps another (`wrapped.eventLoop` is passed on): what waits for I/O can still
    /// park on the request's loop behind the wrapper.
    public init(wrapping wrapped: HTTPReply, _ handler: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .handler(handler, loop: wrapped.eventLoop)
    }

    /// The event loop the request came in on, when it did: work that waits for I/O the loop drives
    /// (Redis) parks there and resumes on it. Nil for a handler reply made without one.
    public var eventLoop: (any EventLoopScheduler)? {
        switch destination {
        case .connection(let loop, _, _): loop
        case .handler(_, let loop): loop
        }
    }

    public func send(_ response: HTTPResponse) {
        switch destination {
        case .connection(let loop, let connectionID, let sequence):
            loop.deliver(response, connectionID: connectionID, sequence: sequence)
        case .handler(let handler, _):
            handler(response)
        }
    }
}

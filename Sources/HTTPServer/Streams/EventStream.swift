import Synchronization

/// An open `text/event-stream` response: the application keeps it and sends events whenever it
/// likes, from any thread; the connection's event loop writes them. No thread waits on a stream:
/// the loop holds it like a keep-alive connection, writes a heartbeat when it has been quiet, and
/// closes it when the peer goes, when the peer stops reading, or when the server drains.
public final class EventStream: Sendable {
    private let loop: EventLoop
    let connectionID: UInt64
    private let state = Mutex(State())

    private struct State {
        var isOpen = true
        var onClose: (@Sendable () -> Void)?
    }

    init(loop: EventLoop, connectionID: UInt64) {
        self.loop = loop
        self.connectionID = connectionID
    }

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Queues `event` for the peer; ignored once the stream is closed.
    public func send(_ event: ServerSentEvent) {
        send(bytes: event.encoded)
    }

    public func send(bytes: [UInt8]) {
        guard isOpen else { return }
        loop.deliverStream(bytes, connectionID: connectionID)
    }

    /// Ends the stream from the application's side (a sign-out); `onClose` runs as for any close.
    public func close() {
        guard isOpen else { return }
        loop.deliverStream(nil, connectionID: connectionID)
    }

    /// Runs once when the stream ends, whoever ends it; at once if it already has.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard state.isOpen else { return true }
            state.onClose = handler
            return false
        }
        if runNow { handler() }
    }

    /// The loop closed the connection.
    func markClosed() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.isOpen else { return nil }
            state.isOpen = false
            defer { state.onClose = nil }
            return state.onClose
        }
        handler?()
    }
}

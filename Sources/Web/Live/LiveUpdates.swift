import HTTPServer
import Synchronization

/// The open pages of this instance, each an event stream, and what is pushed to them: changes to
/// the catalog (to every page) and the end of a session (to that session's pages).
///
/// Events carry ids (`<epoch>-<number>`, the epoch random per process) and the last few are kept,
/// so a browser reconnecting with `Last-Event-ID` gets what it missed; one that missed more, or
/// that comes from another process, is told to `reset` (the page refreshes its parts once).
/// Streams are held by the event loops; this registry only names them, so sending is a post to a
/// loop, never a wait.
final class LiveUpdates: Sendable {
    static let path = "/_events"

    private struct Subscriber {
        var session: String
        var stream: EventStream
        var sent = 0
    }

    private struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        var recent: [ServerSentEvent] = []
        var nextNumber = 1
        var totalSent = 0
    }

    private let epoch = String(UInt32.random(in: .min ... .max), radix: 36)
    private let state = Mutex(State())
    /// Events kept for reconnecting browsers.
    let retained: Int

    init(retained: Int = 256) {
        self.retained = max(1, retained)
    }

    /// Registers `stream` for `session`'s page and replays what it missed since `lastEventID`.
    func open(_ stream: EventStream, session: String, lastEventID: String?) {
        let key = ObjectIdentifier(stream)
        stream.onClose { [weak self] in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
        }
        let missed = state.withLock { state -> [ServerSentEvent] in
            state.subscribers[key] = Subscriber(session: session, stream: stream)
            guard let lastEventID else { return [] }
            if let index = state.recent.firstIndex(where: { $0.id == lastEventID }) {
                return Array(state.recent[(index + 1)...])
            }
            return [ServerSentEvent(event: "reset", data: "{}")]
        }
        for event in missed { stream.send(event) }
    }

    /// Sends `change` to every open page.
    func publish(_ event: CatalogEvent) {
        broadcast(name: "catalog", data: event.json, to: nil)
    }

    /// Tells the pages of `session` that it ended (`signed-out` or `signed-in`, in this tab or
    /// another), then closes their streams: the browser reconnects as whoever it is now.
    func sessionEnded(_ session: String, because reason: String) {
        let streams = broadcast(name: reason, data: "{}", to: session)
        for stream in streams { stream.close() }
    }

    /// Open streams of `session`, and the events sent to them.
    func streams(of session: String) -> (open: Int, sent: Int) {
        state.withLock { state in
            state.subscribers.values.filter { $0.session == session }.reduce((0, 0)) { ($0.0 + 1, $0.1 + $1.sent) }
        }
    }

    var openStreams: Int { state.withLock { $0.subscribers.count } }

    @discardableResult
    private func broadcast(name: String, data: String, to session: String?) -> [EventStream] {
        let (event, streams) = state.withLock { state -> (ServerSentEvent, [EventStream]) in
            let event = ServerSentEvent(id: "\(epoch)-\(state.nextNumber)", event: name, data: data)
            state.nextNumber += 1
            if session == nil {
                state.recent.append(event)
                if state.recent.count > retained { state.recent.removeFirst(state.recent.count - retained) }
            }
            var streams: [EventStream] = []
            for (key, subscriber) in state.subscribers where session == nil || subscriber.session == session {
                streams.append(subscriber.stream)
                state.subscribers[key]?.sent += 1
            }
            state.totalSent += streams.count
            return (event, streams)
        }
        let bytes = event.encoded
        for stream in streams { stream.send(bytes: bytes) }
        return streams
    }
}

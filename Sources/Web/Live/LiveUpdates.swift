import HTTPServer
import Services
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

    fileprivate struct Subscriber {
        var session: String
        /// The session's name on the wire to other instances (`tag(of:)`).
        var tag: String
        var stream: EventStream
        var sent = 0
    }

    fileprivate struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// Events every page got, with their numbers, oldest first.
        var recent: [(number: Int, event: ServerSentEvent)] = []
        /// The newest number dropped from `recent` (0: none yet).
        var lastDropped = 0
        var nextNumber = 1
        var totalSent = 0
        var relay: (@Sendable (_ tag: String, _ reason: String) -> Void)?
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
            state.subscribers[key] = Subscriber(session: session, tag: Self.tag(of: session), stream: stream)
            guard let lastEventID else { return [] }
            return state.missed(since: lastEventID, epoch: epoch) ?? [ServerSentEvent(event: "reset", data: "{}")]
        }
        for event in missed { stream.send(event) }
    }

    /// Sends `change` to every open page.
    func publish(_ event: CatalogEvent) {
        broadcast(name: "catalog", data: event.json, to: nil)
    }

    /// Tells the pages of `session` that it ended (`signed-out` or `signed-in`, in this tab or
    /// another), then closes their streams: the browser reconnects as whoever it is now. The
    /// other instances are told too (`relay`), for the pages of this session they hold.
    func sessionEnded(_ session: String, because reason: String) {
        let tag = Self.tag(of: session)
        sessionEnded(tagged: tag, because: reason)
        state.withLock { $0.relay }?(tag, reason)
    }

    /// The same, for a session another instance ended: named by its tag, never its id.
    func sessionEnded(tagged tag: String, because reason: String) {
        let streams = broadcast(name: reason, data: "{}") { $0.tag == tag }
        for stream in streams { stream.close() }
    }

    /// Where the ends of this instance's sessions go for the other instances (set once, at start).
    func relaySessionEnds(_ relay: @escaping @Sendable (_ tag: String, _ reason: String) -> Void) {
        state.withLock { $0.relay = relay }
    }

    /// A session's name for other instances: its id's SHA-256, so the id (the cookie's secret)
    /// never travels.
    static func tag(of session: String) -> String {
        ByteEncoding.hex(Crypto.sha256(Array(session.utf8)))
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
        broadcast(name: name, data: data, retained: session == nil) { session == nil || $0.session == session }
    }

    /// Sends one event to the subscribers `chosen` picks; kept for reconnecting browsers when
    /// every page gets it.
    private func broadcast(
        name: String, data: String, retained keeps: Bool = false, to chosen: (Subscriber) -> Bool
    ) -> [EventStream] {
        let (event, streams) = state.withLock { state -> (ServerSentEvent, [EventStream]) in
            let event = ServerSentEvent(id: "\(epoch)-\(state.nextNumber)", event: name, data: data)
            state.nextNumber += 1
            if keeps {
                state.recent.append((state.nextNumber - 1, event))
                if state.recent.count > retained {
                    let dropped = state.recent.count - retained
                    state.lastDropped = state.recent[dropped - 1].number
                    state.recent.removeFirst(dropped)
                }
            }
            var streams: [EventStream] = []
            for (key, subscriber) in state.subscribers where chosen(subscriber) {
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

extension LiveUpdates.State {
    /// What a page that last saw `lastEventID` missed of the events every page gets: nil when
    /// that cannot be told (another process's id, or some were dropped since). An id of an event
    /// only its session got (a sign-out) counts too, so reconnecting after one is no reset.
    func missed(since lastEventID: String, epoch: String) -> [ServerSentEvent]? {
        guard lastEventID.hasPrefix(epoch + "-"),
            let seen = Int(lastEventID.dropFirst(epoch.count + 1)), seen > 0, seen < nextNumber, seen >= lastDropped
        else { return nil }
        return recent.filter { $0.number > seen }.map(\.event)
    }
}

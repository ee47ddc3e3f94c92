#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Log
import Networking
import RedisClient
import Services
import Synchronization
import Web

/// Live events across instances: catalog changes, and the end of a session (signed out or in) whose
/// pages another instance may hold, named by its tag (`LiveUpdates.tag(of:)`), never its id.
/// Each instance appends the events made through it to a capped
/// Redis stream (`<prefix>live`, about the last thousand) and publishes the entry on a channel
/// (`<prefix>live-events`) in the same script; every instance holds a subscription to that channel
/// on one of its event loops (`RedisSubscriber`) and hands the others' events to its open pages
/// (`LiveUpdates`) as they arrive. A page on instance B thus hears of an item added through A as
/// soon as Redis passes it on; its refetch brings B's copy of the catalog up to date as every
/// request does.
///
/// Pub/sub forgets what was published while a subscriber was away, the stream does not: each time
/// the subscription (re)starts, the entries after the last one heard are read from the stream, and
/// entries are handed on in stream order, each once (ids only grow). The reads and the appends run
/// on queues of their own, bounded by the Redis timeouts, never on an event loop; a Redis that does
/// not answer only delays the events (pages are correct at their next request anyway).
final class SharedLiveEvents: SharedLiveRelay {
    private let pool: RedisPool
    private let key: String
    private let channel: String
    private let origin = String(UInt64.random(in: .min ... .max), radix: 36)
    /// Hand the other instances' events to this instance's open pages (`LiveUpdates`).
    private let catalogChanged: @Sendable ([UInt8]) -> Void
    private let sessionEnded: @Sendable (_ tag: String, _ reason: String) -> Void
    private let logger: Logger
    private let connectLane: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// The last stream entry handed on (or skipped as this instance's own); nil until the stream's
    /// end at start-up is known.
    private let lastID = Mutex<StreamEntryID?>(nil)
    private let subscriber = Mutex<RedisSubscriber?>(nil)
    /// Catching up and handing on, in order, off the loops.
    private let inbox = DispatchQueue(label: "waypoint.live.shared")
    /// Appends go out in order on a queue of their own, so no writer waits for them.
    private let outgoing = DispatchQueue(label: "waypoint.live.publish")
    private let waiting = Atomic<Int>(0)
    private let catchUpObservers = Mutex<[@Sendable () -> Void]>([])
    private let catchUps = Atomic<Int>(0)
    private let dropObservers = Mutex<[@Sendable () -> Void]>([])
    /// Beyond this many appends waiting (Redis slow or gone), new events are dropped, not queued.
    private static let maxWaiting = 1024

    /// What an entry carries besides its origin: one field, named for its kind.
    private enum Kind: String {
        /// A catalog change: `CatalogEvent`'s JSON.
        case catalog = "event"
        /// A session ended: its tag.
        case signedOut = "signed-out"
        case signedIn = "signed-in"
    }

    /// Appends to the stream and publishes the entry as `id origin kind value`, atomically.
    private static let appendScript = """
        local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', '1000', '*', 'origin', ARGV[1], ARGV[2], ARGV[3])
        redis.call('PUBLISH', KEYS[2], id .. ' ' .. ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[3])
        return id
        """

    init(pool: RedisPool, prefix: String, logger: Logger,
         catalogChanged: @escaping @Sendable ([UInt8]) -> Void,
         sessionEnded: @escaping @Sendable (_ tag: String, _ reason: String) -> Void,
         connectLane: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.pool = pool
        key = prefix + "live"
        channel = prefix + "live-events"
        self.catalogChanged = catalogChanged
        self.sessionEnded = sessionEnded
        self.logger = logger
        self.connectLane = connectLane
        // Built before serving, where waiting is fine: events from now on are this instance's to hear.
        _ = try? startingPoint()
    }

    /// Subscribes on `loop` (one of the server's), in the background.
    func start(on loop: any EventLoopScheduler) {
        let subscriber = RedisSubscriber(
            pool: pool, channel: channel, loop: loop, connectLane: connectLane,
            onSubscribed: { [weak self] in
                guard let self else { return }
                inbox.async { self.catchUp() }
            },
            onMessage: { [weak self] payload in
                guard let self else { return }
                inbox.async { self.hear(payload) }
            },
            onDropped: { [weak self] in
                for observer in self?.dropObservers.withLock({ $0 }) ?? [] { observer() }
            })
        self.subscriber.withLock { $0 = subscriber }
        subscriber.start()
    }

    /// Ends the subscription and waits for what is being handed on.
    func stop() {
        subscriber.withLock { $0 }?.stop()
        inbox.sync {}
    }

    /// Whether the subscription is connected, for tests and diagnostics.
    var isSubscribed: Bool { subscriber.withLock { $0 }?.isConnected ?? false }

    /// Runs `observer` each time a broken or silent subscription is dropped (to be made again), so
    /// a test can wait for it instead of polling.
    func observeDrop(_ observer: @escaping @Sendable () -> Void) {
        dropObservers.withLock { $0.append(observer) }
    }

    /// Runs `observer` after each catch-up (one per subscription made), so a test can wait for
    /// the subscription instead of polling; returns how many there were before it was added.
    @discardableResult
    func observeCatchUp(_ observer: @escaping @Sendable () -> Void) -> Int {
        catchUpObservers.withLock { observers in
            observers.append(observer)
            return catchUps.load(ordering: .relaxed)
        }
    }

    /// Runs `done` once every event appended before it has been sent to Redis (answered or
    /// failed), without waiting here: a test counting round trips starts after those earlier
    /// work left behind (a sign-in's `signed-in` event is sent after its answer).
    func afterSent(_ done: @escaping @Sendable () -> Void) {
        outgoing.async(execute: done)
    }

    /// Appends a catalog change made here, in order, without waiting for Redis.
    func publish(catalogEvent json: String) {
        append(.catalog, json)
    }

    /// Tells the other instances that a session of this one ended (`reason`: `signed-out` or
    /// `signed-in`), for the pages of it they hold.
    func publishSessionEnded(tag: String, because reason: String) {
        guard let kind = Kind(rawValue: reason), kind != .catalog else { return }
        append(kind, tag)
    }

    private func append(_ kind: Kind, _ value: String) {
        guard waiting.wrappingAdd(1, ordering: .relaxed).newValue <= Self.maxWaiting else {
            waiting.wrappingSubtract(1, ordering: .relaxed)
            return logger.warning("live event not shared with the other instances: too many waiting for Redis")
        }
        let command = RedisCommand("EVAL", Self.appendScript, "2", key, channel, origin, kind.rawValue, value)
        outgoing.async { [self] in
            defer { waiting.wrappingSubtract(1, ordering: .relaxed) }
            do {
                _ = try pool.send(command)
            } catch {
                logger.warning("live event not shared with the other instances: \(error)")
            }
        }
    }

    /// A published entry, `id origin kind value`: handed on unless it is this instance's own or
    /// was already read from the stream.
    private func hear(_ payload: [UInt8]) {
        let parts = payload.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let id = StreamEntryID(String(decoding: parts[0], as: UTF8.self)) else { return }
        take(id: id, origin: parts[1], kind: String(decoding: parts[2], as: UTF8.self), value: parts[3])
    }

    /// The entries after the last one heard, read from the stream: what was published while the
    /// subscription was away.
    private func catchUp() {
        defer {
            let observers = catchUpObservers.withLock { observers in
                catchUps.add(1, ordering: .relaxed)
                return observers
            }
            for observer in observers { observer() }
        }
        do {
            guard let after = try startingPoint() else { return }
            while true {
                let reply = try pool.send(RedisCommand("XREAD", "COUNT", "512", "STREAMS", key, after.description))
                guard let streams = reply.array, let entries = streams.first?.array?.last?.array, !entries.isEmpty else { return }
                for entry in entries {
                    guard let parts = entry.array, parts.count == 2, let text = parts[0].string,
                          let id = StreamEntryID(text), let fields = parts[1].array else { continue }
                    let pairs = stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0].string ?? "", fields[$0 + 1].bytes ?? []) }
                    let origin = pairs.first { $0.0 == "origin" }?.1 ?? []
                    let content = pairs.first { $0.0 != "origin" } ?? ("", [])
                    take(id: id, origin: origin, kind: content.0, value: content.1)
                }
                if entries.count < 512 { return }
            }
        } catch {
            // Redis unreachable: readiness says so; the next subscription catches up from the same id.
        }
    }

    private func take(id: StreamEntryID, origin from: some Collection<UInt8>, kind: String, value: some Collection<UInt8>) {
        let isNew = lastID.withLock { last -> Bool in
            guard last.map({ id > $0 }) ?? true else { return false }
            last = id
            return true
        }
        guard isNew, !from.elementsEqual(origin.utf8), let kind = Kind(rawValue: kind) else { return }
        switch kind {
        case .catalog:
            catalogChanged(Array(value))
        case .signedOut, .signedIn:
            sessionEnded(String(decoding: value, as: UTF8.self), kind.rawValue)
        }
    }

    /// Where reading starts: the stream's end as it was at the first read, so an instance that
    /// starts does not replay what happened before it (nil: that first read was this one).
    private func startingPoint() throws -> StreamEntryID? {
        if let id = lastID.withLock({ $0 }) { return id }
        let reply = try pool.send(RedisCommand("XREVRANGE", key, "+", "-", "COUNT", "1"))
        let id = reply.array?.first?.array?.first?.string.flatMap(StreamEntryID.init) ?? StreamEntryID(milliseconds: 0, sequence: 0)
        lastID.withLock { $0 = $0 ?? id }
        return nil
    }
}

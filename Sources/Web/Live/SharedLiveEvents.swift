#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Log
import RedisClient
import Services
import Synchronization

/// Catalog events across instances: each instance appends the changes made through it to a capped
/// Redis stream (`<prefix>live`, about the last thousand), and reads the others' every
/// `interval` on a background queue of its own, handing them to its open pages (`LiveUpdates`).
/// A page on instance B thus hears of an item added through instance A within about an interval;
/// its refetch then brings B's copy of the catalog up to date as every request does.
/// The reads are bounded by the Redis timeouts and never run on an event loop; a Redis that does
/// not answer only delays the events (the pages are correct at their next request anyway).
final class SharedLiveEvents: Sendable {
    private let pool: RedisPool
    private let key: String
    private let origin = String(UInt64.random(in: .min ... .max), radix: 36)
    private let live: LiveUpdates
    private let logger: Logger
    /// The id of the last stream entry read; "0-0" before the first read found the stream's end.
    private let lastID = Mutex<String?>(nil)
    private let task = Mutex<RepeatingTask?>(nil)
    /// Appends go out in order on a queue of their own, so no writer waits for them.
    private let outgoing = DispatchQueue(label: "waypoint.live.publish")
    private let waiting = Atomic<Int>(0)
    /// Beyond this many appends waiting (Redis slow or gone), new events are dropped, not queued.
    private static let maxWaiting = 1024

    init(pool: RedisPool, prefix: String, live: LiveUpdates, interval: Duration, logger: Logger) {
        self.pool = pool
        key = prefix + "live"
        self.live = live
        self.logger = logger
        let task = RepeatingTask(label: "waypoint.live.shared", interval: interval) { [weak self] in self?.readOthers() }
        self.task.withLock { $0 = task }
        // Built before serving, where waiting is fine: events from now on are this instance's to hear.
        _ = try? startingPoint()
    }

    func start() {
        task.withLock { $0 }?.start()
    }

    /// Waits for a read in progress; called before the last reference goes (never from a read).
    func stop() {
        task.withLock { $0 }?.stop()
    }

    /// Appends an event made here, in order, without waiting for Redis.
    func publish(_ event: CatalogEvent) {
        guard waiting.wrappingAdd(1, ordering: .relaxed).newValue <= Self.maxWaiting else {
            waiting.wrappingSubtract(1, ordering: .relaxed)
            return logger.warning("live event not shared with the other instances: too many waiting for Redis")
        }
        let command = RedisCommand("XADD", key, "MAXLEN", "~", "1000", "*", "origin", origin, "event", event.json)
        outgoing.async { [self] in
            defer { waiting.wrappingSubtract(1, ordering: .relaxed) }
            do {
                _ = try pool.send(command)
            } catch {
                logger.warning("live event not shared with the other instances: \(error)")
            }
        }
    }

    func readOthers() {
        do {
            guard let after = try startingPoint() else { return }
            let reply = try pool.send(RedisCommand("XREAD", "COUNT", "512", "STREAMS", key, after))
            guard let streams = reply.array, let entries = streams.first?.array?.last?.array else { return }
            for entry in entries {
                guard let parts = entry.array, parts.count == 2, let id = parts[0].string, let fields = parts[1].array else { continue }
                lastID.withLock { $0 = id }
                let pairs = stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0].string ?? "", fields[$0 + 1].bytes ?? []) }
                guard let from = pairs.first(where: { $0.0 == "origin" })?.1, String(decoding: from, as: UTF8.self) != origin,
                      let data = pairs.first(where: { $0.0 == "event" })?.1,
                      let event = try? JSONDecoder().decode(CatalogEvent.self, from: Data(data))
                else { continue }
                live.publish(event)
            }
        } catch {
            // Redis unreachable: readiness says so; the next read catches up from the same id.
        }
    }

    /// Where reading starts: the stream's end as it was at the first read, so an instance that
    /// starts does not replay what happened before it.
    private func startingPoint() throws -> String? {
        if let id = lastID.withLock({ $0 }) { return id }
        let reply = try pool.send(RedisCommand("XREVRANGE", key, "+", "-", "COUNT", "1"))
        let id = reply.array?.first?.array?.first?.string ?? "0-0"
        lastID.withLock { $0 = id }
        return nil
    }
}

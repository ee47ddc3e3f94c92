import Log
import Services
import Synchronization
import Web

/// Notices, within a check interval, a Redis that lost its data under running instances (FLUSHALL,
/// or a Redis without persistence restarted): the start marker this instance joined is gone or is
/// another one. The instance then stops being ready (`/readyz` 503), so the load balancer takes it
/// out instead of it answering 404 for everything, and says why at error level, once per change.
/// Checks run on a background queue of their own, bounded by the Redis timeouts; never a loop.
final class SharedDataWatch: Sendable {
    private let store: RedisStore
    private let marker: String
    private let logger: Logger
    private let intact = Atomic<Bool>(true)
    private let task = Mutex<RepeatingTask?>(nil)

    init(store: RedisStore, marker: String, interval: Duration, logger: Logger) {
        self.store = store
        self.marker = marker
        self.logger = logger
        let task = RepeatingTask(label: "waypoint.redis.marker", interval: interval) { [weak self] in self?.check() }
        self.task.withLock { $0 = task }
    }

    func start() {
        task.withLock { $0 }?.start()
    }

    /// False once Redis no longer holds the data this instance started with.
    var isIntact: Bool { intact.load(ordering: .acquiring) }

    func check() {
        let current: String?
        do {
            current = try store.currentStartMarker()
        } catch {
            // Unreachable is the readiness probe's business: only an answer says the data is gone.
            return
        }
        report(intact: current == marker)
    }

    private func report(intact now: Bool) {
        guard intact.exchange(now, ordering: .acquiringAndReleasing) != now else { return }
        if now {
            logger.warning("Redis holds this site's data again (start marker \(marker)); ready")
        } else {
            logger.error("Redis lost this site's data (its start marker is gone: FLUSHALL, or a restart without persistence); not ready, and not seeding it again. Restore Redis from its backup or run `waypoint migrate`, then restart")
        }
    }

    /// Waits for a check in progress; called before the last reference goes (never from a check).
    func stop() {
        task.withLock { $0 }?.stop()
    }
}

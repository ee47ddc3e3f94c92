import Coordinators
import Models
import Synchronization

/// One browser session: who is signed in, the CSRF token, and the navigation state.
///
/// The coordinator is not thread-safe by design: every request of the session works on it under
/// `navigation`, this session's own lock, held only while the coordinator runs (rendering the page
/// happens after). GETs take it on the event loop, where the wait is at most another GET's few
/// microseconds; while a POST (which may hash a password) is pending, GETs of the session wait in
/// a list the POST's worker runs when it is done, so neither an event loop nor another worker
/// waits for a hash.
public final class Session: Sendable {
    private struct Navigation {
        /// Made on first use from `record.navigation` (restored sessions stay snapshots until then).
        public var coordinator: AppCoordinator?
    }

    /// POSTs queued or running, and the GETs waiting for them.
    private struct SlowWork {
        public var count = 0
        public var waiting: [@Sendable () -> Void] = []
    }

    public let record: Mutex<SessionRecord>
    private let navigation = Mutex(Navigation())
    private let slowWork = Mutex(SlowWork())
    /// Set when the catalog changed while the session was busy: prune before its next request.
    private let needsPruning = Atomic<Bool>(false)

    public init(record: SessionRecord) {
        self.record = Mutex(record)
    }

    public var id: String { record.withLock { $0.id } }

    /// Runs `body` with the session's coordinator, alone; restores the coordinator on first use and
    /// records its state afterwards. `changed` tells whether the saved state must be written again.
    /// The result leaves the lock `sending`: it must be a value the body made, not the coordinator.
    public func withNavigation<Result>(
        _ dependencies: AppDependencies, _ body: (AppCoordinator) throws -> sending Result
    ) throws -> (result: Result, changed: Bool) {
        try navigation.withLock { navigation -> (result: Result, changed: Bool) in
            let coordinator = loaded(&navigation, dependencies)
            if needsPruning.exchange(false, ordering: .acquiringAndReleasing) { coordinator.pruneStaleLocations() }
            let result = try body(coordinator)
            return (result, remember(coordinator))
        }
    }

    /// Cuts stacks back to screens that exist, now if the session is idle, else before its next
    /// request (the request holding the lock may be the very one that changed the catalog).
    /// Sessions not yet restored are checked when they are. Returns whether the saved state changed.
    public func pruneStaleLocations() -> Bool {
        let pruned = navigation.withLockIfAvailable { navigation -> Bool in
            guard let coordinator = navigation.coordinator else { return false }
            coordinator.pruneStaleLocations()
            return remember(coordinator)
        }
        guard let pruned else {
            needsPruning.store(true, ordering: .releasing)
            return false
        }
        return pruned
    }

    /// Replaces this copy with `saved`, a newer one saved elsewhere (same id): the record now, the
    /// coordinator rebuilt from it at the next request.
    public func adopt(_ saved: SessionRecord) {
        navigation.withLock { navigation in
            navigation.coordinator = nil
            record.withLock { $0 = saved }
        }
    }

    /// Runs `job` now, or, while a POST of this session is queued or running, after the last one.
    public func runAfterSlowWork(_ job: @escaping @Sendable () -> Void) {
        let now = slowWork.withLock { work -> Bool in
            guard work.count > 0 else { return true }
            work.waiting.append(job)
            return false
        }
        if now { job() }
    }

    /// A POST was accepted: later GETs wait for it (see `runAfterSlowWork`).
    public func beginSlowWork() {
        slowWork.withLock { $0.count += 1 }
    }

    /// The POST is done: runs the GETs that waited for it, here on its worker.
    public func endSlowWork() {
        let waiting = slowWork.withLock { work -> [@Sendable () -> Void] in
            work.count -= 1
            guard work.count == 0 else { return [] }
            defer { work.waiting = [] }
            return work.waiting
        }
        for job in waiting { job() }
    }

    private func loaded(_ navigation: inout Navigation, _ dependencies: AppDependencies) -> AppCoordinator {
        if let coordinator = navigation.coordinator { return coordinator }
        let made = record.withLock { $0.navigation }.map { AppCoordinator(restoring: $0, dependencies: dependencies) }
            ?? AppCoordinator(dependencies: dependencies)
        navigation.coordinator = made
        return made
    }

    /// Stores the coordinator's state in the record; true when it differs from what was there.
    private func remember(_ coordinator: AppCoordinator) -> Bool {
        let snapshot = coordinator.snapshot()
        return record.withLock { record in
            guard record.navigation != snapshot else { return false }
            record.navigation = snapshot
            return true
        }
    }
}

import Coordinators
import Models
import Synchronization

/// One browser session: who is signed in, the CSRF token, and the navigation state.
///
/// The coordinator is not thread-safe by design: every request of the session works on it in
/// turn, ordered by the session's `queue` (a request queues a job; the job that holds the turn
/// may use the coordinator, `withNavigation(turn, …)`, and ends the turn when its answer is out).
/// No lock is held across a form submission or a wait for Redis: only the session's own later
/// requests wait, in the queue, and neither an event loop nor a worker blocks for them.
public final class Session: Sendable {
    /// The coordinator, touched only by the job that holds the session's turn (the queue is what
    /// makes that exclusive, the way a loop-bound value is its loop's).
    @usableFromInline
    final class Navigation: @unchecked Sendable {
        /// Made on first use from `record.navigation` (restored sessions stay snapshots until then).
        @usableFromInline var coordinator: AppCoordinator?

        @usableFromInline init() {}
    }

    public let record: Mutex<SessionRecord>
    /// The session's requests, one at a time, in order.
    public let queue: SessionQueue
    @usableFromInline let navigation = Navigation()
    /// Held by a short turn for its decision (microseconds of CPU, never across a wait): pages
    /// decide one at a time beside each other; exclusive turns never need it.
    @usableFromInline let deciding = Mutex<Void>(())
    /// Set when the catalog changed while the session was busy: prune before its next request.
    @usableFromInline let needsPruning = Atomic<Bool>(false)

    public init(record: SessionRecord, queueLimit: Int = 16) {
        self.record = Mutex(record)
        queue = SessionQueue(limit: queueLimit)
    }

    public var id: String { record.withLock { $0.id } }

    /// Runs `body` with the session's coordinator; `turn` proves the caller holds one of the
    /// session's turns (a short one decides under `deciding`). Restores the coordinator on first
    /// use and records its state afterwards. `changed` tells whether the saved state must be
    /// written again. Inlinable, so the web layer's calls are specialized for their result instead
    /// of asking the runtime for its type on every page.
    @inlinable
    public func withNavigation<Result>(
        _ turn: SessionTurn, _ dependencies: AppDependencies, _ body: (AppCoordinator) -> sending Result
    ) -> (result: Result, changed: Bool) {
        precondition(turn.belongs(to: queue), "a session's coordinator used without its turn")
        guard turn.isShort else { return decide(dependencies, body) }
        return deciding.withLock { _ -> (result: Result, changed: Bool) in
            let coordinator = loaded(dependencies)
            if needsPruning.exchange(false, ordering: .acquiringAndReleasing) { coordinator.pruneStaleLocations() }
            let result = body(coordinator)
            return (result, remember(coordinator))
        }
    }

    /// A form's submission, which may throw and may wait for the store: an exclusive turn only.
    @inlinable
    public func submitting<Result>(
        _ turn: SessionTurn, _ dependencies: AppDependencies, _ body: (AppCoordinator) throws -> Result
    ) rethrows -> (result: Result, changed: Bool) {
        precondition(turn.belongs(to: queue) && !turn.isShort, "a submission without its session's exclusive turn")
        return try decide(dependencies, body)
    }

    @inlinable
    func decide<Result>(
        _ dependencies: AppDependencies, _ body: (AppCoordinator) throws -> Result
    ) rethrows -> (result: Result, changed: Bool) {
        let coordinator = loaded(dependencies)
        if needsPruning.exchange(false, ordering: .acquiringAndReleasing) { coordinator.pruneStaleLocations() }
        let result = try body(coordinator)
        return (result, remember(coordinator))
    }

    /// Cuts stacks back to screens that exist, now if the session is idle, else before its next
    /// request (the request holding the turn may be the very one that changed the catalog).
    /// Sessions not yet restored are checked when they are. Returns whether the saved state changed.
    public func pruneStaleLocations() -> Bool {
        var pruned = false
        let ran = queue.runIfIdle { _ in
            guard let coordinator = navigation.coordinator else { return }
            coordinator.pruneStaleLocations()
            pruned = remember(coordinator)
        }
        if !ran { needsPruning.store(true, ordering: .releasing) }
        return pruned
    }

    /// Replaces this copy with `saved`, a newer one saved elsewhere (same id): the record now if
    /// the session is idle, else as soon as the request holding its turn is done (a job of its own,
    /// ahead of the requests that come after); the coordinator is rebuilt from it at the next request.
    public func adopt(_ saved: SessionRecord) {
        queue.enqueue(on: { $0() }, bounded: false) { [self] turn, _ in
            navigation.coordinator = nil
            record.withLock { $0 = saved }
            turn.end()
        }
    }

    @usableFromInline
    func loaded(_ dependencies: AppDependencies) -> AppCoordinator {
        if let coordinator = navigation.coordinator { return coordinator }
        let made = record.withLock { $0.navigation }.map { AppCoordinator(restoring: $0, dependencies: dependencies) }
            ?? AppCoordinator(dependencies: dependencies)
        navigation.coordinator = made
        return made
    }

    /// Stores the coordinator's state in the record; true when it differs from what was there.
    @usableFromInline
    func remember(_ coordinator: AppCoordinator) -> Bool {
        let snapshot = coordinator.snapshot()
        return record.withLock { record in
            guard record.navigation != snapshot else { return false }
            record.navigation = snapshot
            return true
        }
    }
}

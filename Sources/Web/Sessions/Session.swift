import Coordinators
import Models
import Synchronization

/// One browser session: who is signed in, the CSRF token, and the navigation state.
///
/// The coordinator is not thread-safe by design; it is touched only by jobs run through
/// `perform(onWorker:_:)`, which runs one job of a session at a time (see `Session+Serial.swift`).
/// Everything else lives in `record`, behind a lock held only for a moment.
final class Session: @unchecked Sendable {
    let record: Mutex<SessionRecord>
    let serial = Mutex(SerialState())
    /// Made on first use from `record.navigation` (restored sessions stay snapshots until then).
    private var coordinator: AppCoordinator?

    init(record: SessionRecord) {
        self.record = Mutex(record)
    }

    var id: String { record.withLock { $0.id } }

    /// The coordinator, restored from the saved snapshot on first use. Call only inside a job.
    func navigation(_ dependencies: AppDependencies) -> AppCoordinator {
        if let coordinator { return coordinator }
        let made = record.withLock { $0.navigation }.map { AppCoordinator(restoring: $0, dependencies: dependencies) }
            ?? AppCoordinator(dependencies: dependencies)
        coordinator = made
        return made
    }

    /// The coordinator if this session has one in memory. Call only inside a job.
    var loadedNavigation: AppCoordinator? { coordinator }

    /// Records the coordinator's state after a request; true when it changed (the store is dirty).
    /// Call only inside a job.
    func rememberNavigation() -> Bool {
        guard let coordinator else { return false }
        let snapshot = coordinator.snapshot()
        return record.withLock { record in
            guard record.navigation != snapshot else { return false }
            record.navigation = snapshot
            return true
        }
    }
}

import Synchronization

/// The right to work on a session's navigation, held by one job of its `SessionQueue` at a time.
/// Ending it (once; later calls do nothing) lets the next job run. A turn dropped without being
/// ended ends itself, so a forgotten `end()` cannot stall the session for good.
public final class SessionTurn: Sendable {
    private let queue: SessionQueue
    private let ended = Atomic<Bool>(false)

    init(_ queue: SessionQueue) {
        self.queue = queue
    }

    deinit {
        end()
    }

    /// Whether this is a turn of `queue`'s session.
    @usableFromInline
    func belongs(to queue: SessionQueue) -> Bool {
        self.queue === queue && !ended.load(ordering: .acquiring)
    }

    public func end() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.handOn()
    }
}

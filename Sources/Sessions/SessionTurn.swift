import Synchronization

/// The right to work on a session's navigation. An *exclusive* turn is held by one job of the
/// session's `SessionQueue` at a time, and may wait (for Redis, a worker, a hash) while it holds
/// it. A *short* turn is a page's decision, taken while no exclusive job holds or waits for the
/// session; short turns exclude each other only for the microseconds of the decision (the
/// session's navigation lock), never across a wait. Ending a turn (once; later calls do nothing)
/// lets the next job run. A turn dropped without being ended ends itself, so a forgotten `end()`
/// cannot stall the session for good.
public final class SessionTurn: Sendable {
    private let queue: SessionQueue
    private let ended = Atomic<Bool>(false)
    /// A short turn (see above), else exclusive.
    @usableFromInline let isShort: Bool

    init(_ queue: SessionQueue, short: Bool = false) {
        self.queue = queue
        isShort = short
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
        queue.handOn(fromShort: isShort)
    }
}

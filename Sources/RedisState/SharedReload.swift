import Synchronization

/// The whole reload in flight on this instance, if any: every request that finds the change log
/// cannot tell what another instance wrote joins it instead of asking Redis for a snapshot of its
/// own (a catalog of 100,000 items is tens of megabytes), so a burst of parked requests costs one
/// snapshot, not one each.
final class SharedReload: Sendable {
    /// Told the version the reload put in memory, or why there was none.
    typealias Waiter = @Sendable (Result<Int64, any Error>) -> Void

    /// Nil while no reload is in flight.
    private let waiters = Mutex<[Waiter]?>(nil)

    /// Adds `waiter` to the reload in flight; true when there was none and the caller must start
    /// it (and call `finish` once, whatever happens).
    func join(_ waiter: @escaping Waiter) -> Bool {
        waiters.withLock { waiters in
            guard waiters != nil else {
                waiters = [waiter]
                return true
            }
            waiters?.append(waiter)
            return false
        }
    }

    /// Ends the reload in flight: every waiter is told, outside the lock.
    func finish(_ result: Result<Int64, any Error>) {
        let told = waiters.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        for waiter in told { waiter(result) }
    }
}

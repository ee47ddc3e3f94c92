import Dispatch
import Networking
import Synchronization

/// The journal's writer role: its holder writes and syncs the queue (or snapshots) while other
/// writers wait their turn, each for at most its deadline. A `Mutex` cannot bound its waiters,
/// and the holder of this one does disk I/O: a disk that hangs must not hang every writer behind
/// it. Released, the role passes to the longest waiter directly (first come, first served).
final class CommitLock: Sendable {
    private final class Waiter: Sendable {
        let handedOver = DispatchSemaphore(value: 0)
    }

    private struct State {
        var held = false
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    /// Runs `body` holding the role; throws `StorageError.commitTimedOut` when it did not come
    /// within `timeout`.
    func withLock<T>(timeout: Duration, _ body: () throws -> T) throws -> T {
        try acquire(timeout: timeout)
        defer { release() }
        return try body()
    }

    private func acquire(timeout: Duration) throws(StorageError) {
        // Its holder writes to the disk: an event loop must queue on the journal lane instead.
        EventLoopThread.preconditionNotOnLoop("the journal's commit (a disk write)")
        let waiter = Waiter()
        let free = state.withLock { state -> Bool in
            if !state.held {
                state.held = true
                return true
            }
            state.waiters.append(waiter)
            return false
        }
        if free { return }
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        if waiter.handedOver.wait(timeout: deadline) == .success { return }
        let gaveUp = state.withLock { state -> Bool in
            guard let index = state.waiters.firstIndex(where: { $0 === waiter }) else { return false }
            state.waiters.remove(at: index)
            return true
        }
        if gaveUp { throw .commitTimedOut(waited: timeout) }
        // Handed over just as time ran out: the signal was given under the state lock, before
        // the waiter left the list, so it is there to take now.
        let taken = waiter.handedOver.wait(timeout: .now())
        precondition(taken == .success, "a handed-over commit lock carries its signal")
    }

    private func release() {
        state.withLock { state in
            if state.waiters.isEmpty {
                state.held = false
            } else {
                state.waiters.removeFirst().handedOver.signal()
            }
        }
    }
}

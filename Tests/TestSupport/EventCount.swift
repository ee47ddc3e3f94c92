import Dispatch
import Synchronization

/// Counts events one thread records and another waits for, so a test waits on the event itself
/// (bounded by a timeout, failing rather than hanging) instead of sleeping and hoping.
public final class EventCount: Sendable {
    private let count = Mutex<Int>(0)
    private let signal = DispatchSemaphore(value: 0)

    public init() {}

    /// How many events have been recorded so far.
    public var value: Int { count.withLock { $0 } }

    /// Records one event and wakes any waiter.
    public func record() {
        count.withLock { $0 += 1 }
        signal.signal()
    }

    /// Waits until at least `target` events have been recorded; false if `timeout` passes first.
    public func wait(for target: Int = 1, timeout: Duration = .seconds(10)) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        while value < target {
            if signal.wait(timeout: deadline) == .timedOut { return value >= target }
        }
        // Pass the wake-up on, so another waiter on the same count is not left waiting for it.
        signal.signal()
        return true
    }
}

import Dispatch
import Synchronization

/// Jobs that hold a worker until the test opens the gate: a test fills a pool or a lane with them,
/// waits until they run (`waitForHolders`), and so knows the pool's state without polling it.
public final class Gate: Sendable {
    private let opened = Mutex(false)
    private let released = DispatchSemaphore(value: 0)
    private let holders = EventCount()

    public init() {}

    /// Runs in a job: says it started, then holds until `open()` (at most `timeout`).
    public func hold(timeout: Duration = .seconds(10)) {
        holders.record()
        let (seconds, attoseconds) = timeout.components
        guard released.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .success
        else { return }
        released.signal()  // pass it on: every holder goes
    }

    /// Waits until `count` jobs have begun holding; false if `timeout` passes first.
    public func waitForHolders(_ count: Int = 1, timeout: Duration = .seconds(10)) -> Bool {
        holders.wait(for: count, timeout: timeout)
    }

    /// Lets every holder go, now and later; opening twice does nothing more.
    public func open() {
        let first = opened.withLock { opened -> Bool in
            defer { opened = true }
            return !opened
        }
        if first { released.signal() }
    }
}

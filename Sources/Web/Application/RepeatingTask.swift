import Dispatch
import Synchronization

/// Runs `work` every `interval` on a background queue of its own: the periodic session save (the
/// save itself checks whether anything changed, so a crash loses at most one interval of
/// navigation) and, with Redis, the sweep of the shared reset-mail queue.
public final class RepeatingTask: Sendable {
    private let queue: DispatchQueue
    nonisolated(unsafe) private let timer: DispatchSourceTimer
    /// A dispatch source must be resumed exactly once, and never released while suspended.
    private let resumed = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    public init(label: String, interval: Duration, work: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label)
        timer = DispatchSource.makeTimerSource(queue: queue)
        let (seconds, attoseconds) = interval.components
        let nanoseconds = Int(max(1_000_000, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler(handler: work)
    }

    public func start() {
        if !resumed.exchange(true, ordering: .acquiringAndReleasing) { timer.resume() }
    }

    /// Stops the timer and waits for a run in progress to finish.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        timer.cancel()
        start()
        queue.sync {}
    }

    deinit {
        stop()
    }
}

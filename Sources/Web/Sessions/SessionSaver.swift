import Dispatch
import Synchronization

/// Saves the sessions every `interval` on a background queue (the save itself checks whether
/// anything changed), so a crash loses at most one interval of navigation.
final class SessionSaver: Sendable {
    private let queue = DispatchQueue(label: "waypoint.sessions.saver")
    nonisolated(unsafe) private let timer: DispatchSourceTimer
    /// A dispatch source must be resumed exactly once, and never released while suspended.
    private let resumed = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    init(interval: Duration, save: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        let (seconds, attoseconds) = interval.components
        let nanoseconds = Int(max(1_000_000, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler(handler: save)
    }

    func start() {
        if !resumed.exchange(true, ordering: .acquiringAndReleasing) { timer.resume() }
    }

    /// Stops the timer and waits for a save in progress to finish.
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        timer.cancel()
        start()
        queue.sync {}
    }

    deinit {
        stop()
    }
}

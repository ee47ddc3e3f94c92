import HTTPServer
import TestSupport

extension WorkerPool {
    /// Fills a one-thread lane with a queue of one: a job runs (held at `gate`) and one waits.
    /// False when the lane would not take them.
    func fillOneThreadOneQueued(holdingAt gate: Gate) -> Bool {
        trySubmit { gate.hold() } && gate.waitForHolders(1) && trySubmit { gate.hold() }
    }
}

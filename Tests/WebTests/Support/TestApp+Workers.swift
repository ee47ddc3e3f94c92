import Dispatch
import TestSupport
@testable import Web

extension TestApp {
    /// Holds every worker with a job of the test's own until the returned call lets them go: what
    /// a request then needs of a worker, it waits for (and its client times out).
    func holdWorkers() -> @Sendable () -> Void {
        let threads = options.workerThreads
        let held = DispatchSemaphore(value: 0)
        let started = EventCount()
        for _ in 0..<threads {
            application.responder.pool.submit {
                started.record()
                held.wait()
            }
        }
        _ = started.wait(for: threads, timeout: .seconds(5))
        return { for _ in 0..<threads { held.signal() } }
    }
}

import Synchronization

/// A stand-in for the mail queue: holds the work until the test runs it.
final class ManualQueue: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])

    var pending: Int { jobs.withLock { $0.count } }
    var closure: @Sendable (@escaping @Sendable () -> Void) -> Void { { work in self.jobs.withLock { $0.append(work) } } }

    func runAll() {
        let work = jobs.withLock { jobs in
            defer { jobs = [] }
            return jobs
        }
        for job in work { job() }
    }
}

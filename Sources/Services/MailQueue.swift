import Dispatch
import Synchronization

/// Where reset requests do their work once the visitor has the answer (and, rarely, a claim an
/// unfinished registration must release when its loop lost Redis): one serial lane, so a burst
/// waits its turn instead of occupying the workers that serve pages. The jobs waiting are capped, so
/// a flood from many addresses cannot grow memory without bound: beyond the cap a job is dropped
/// (and logged), the same for every address, so dropping reveals nothing either.
final class MailQueue: Sendable {
    let capacity: Int
    private let queue = DispatchQueue(label: "waypoint.mail")
    private let waiting = Mutex(0)
    private let log: @Sendable (String) -> Void

    init(capacity: Int = 1_000, log: @escaping @Sendable (String) -> Void) {
        self.capacity = max(1, capacity)
        self.log = log
    }

    func submit(_ work: @escaping @Sendable () -> Void) {
        let accepted = waiting.withLock { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard accepted else { return log("mail queue full (\(capacity) waiting); a job was dropped (a reset request, or a registration's claim to release)") }
        queue.async { [self] in
            waiting.withLock { $0 -= 1 }
            work()
        }
    }

    /// Returns once every job submitted so far has run.
    func drain() {
        queue.sync {}
    }
}

import CSystem
import Glibc
import Synchronization

/// A lane: a few threads for blocking work (password hashing, fsync) so event loops never stall;
/// the work answers through the `HTTPReply` it captured. A lane with a `queueLimit` refuses work
/// beyond it (`trySubmit`), so a burst of slow jobs is turned away at once instead of queueing
/// without end; separate lanes keep one kind of slow work from delaying another.
public final class WorkerPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var stopping = false
        var threads: [pthread_t] = []
        /// Threads not running a job, from the moment they are made (so a lane with no queue takes
        /// work at once): a queued job they have not taken yet does not wait for a thread.
        var idleThreads = 0
    }

    private let state = Mutex(State())
    /// Counts queued jobs (plus one stop token per thread at shutdown); workers block reading it.
    private let tokens: Int32
    /// Jobs that may wait for a thread at most (beyond those running); nil: no limit.
    public let queueLimit: Int?
    /// Threads that run jobs, for reports.
    public let threadCount: Int
    /// How much nicer than their creator the threads run (0: the same priority).
    public let niceness: Int

    /// `niceness` above 0 lowers the threads' scheduling priority (Linux nice values are per
    /// thread), so on busy cores the event loops preempt this lane's CPU-bound work (password
    /// hashing) instead of waiting behind it.
    public init(threads: Int, queueLimit: Int? = nil, niceness: Int = 0) {
        self.queueLimit = queueLimit.map { max(0, $0) }
        threadCount = max(1, threads)
        self.niceness = min(max(0, niceness), 39)
        tokens = wp_eventfd_semaphore()
        let count = max(1, threads)
        var started: [pthread_t] = []
        for _ in 0..<count {
            if let thread = PosixThread.start({ [self] in work() }) { started.append(thread) }
        }
        state.withLock { state in
            state.threads = started
            state.idleThreads = started.count
        }
    }

    /// Queues `work`; after `shutdown` it runs on the caller instead, so a reply is never lost.
    public func submit(_ work: @escaping @Sendable () -> Void) {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping, tokens >= 0, !state.threads.isEmpty else { return false }
            state.jobs.append(work)
            return true
        }
        if accepted {
            _ = wp_eventfd_add(tokens, 1)
        } else {
            work()
        }
    }

    /// Queues `work` unless `queueLimit` jobs already wait for a thread (then false, and `work` is
    /// dropped: the caller answers "busy"). A job waits only while every thread runs another, so
    /// with a limit of 0 a job is accepted only when a thread is free.
    public func trySubmit(_ work: @escaping @Sendable () -> Void) -> Bool {
        enum Decision { case queued, refused, runHere }
        let decision = state.withLock { state -> Decision in
            guard !state.stopping, tokens >= 0, !state.threads.isEmpty else { return .runHere }
            let waiting = state.jobs.count - state.next
            if let queueLimit, waiting - state.idleThreads >= queueLimit { return .refused }
            state.jobs.append(work)
            return .queued
        }
        switch decision {
        case .queued: _ = wp_eventfd_add(tokens, 1)
        case .refused: return false
        case .runHere: work()
        }
        return true
    }

    /// Threads not running a job right now.
    public var idleThreadCount: Int {
        state.withLock { $0.idleThreads }
    }

    /// Jobs queued and not yet taken by a worker.
    public var queueDepth: Int {
        state.withLock { $0.jobs.count - $0.next }
    }

    /// Runs what is queued, then stops the threads. Idempotent.
    public func shutdown() {
        let threads = state.withLock { state -> [pthread_t] in
            guard !state.stopping else { return [] }
            state.stopping = true
            return state.threads
        }
        guard !threads.isEmpty else { return }
        _ = wp_eventfd_add(tokens, UInt64(threads.count))
        for thread in threads { PosixThread.join(thread) }
        close(tokens)
    }

    private func work() {
        if niceness > 0 { _ = wp_lower_thread_priority(Int32(niceness)) }
        while true {
            let drained = wp_eventfd_drain(tokens)
            guard drained == 8 else {
                if wp_errno() == EINTR { continue }
                return
            }
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.next < state.jobs.count else { return nil }
                let job = state.jobs[state.next]
                state.next += 1
                state.idleThreads -= 1
                if state.next > 64 && state.next * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.next)
                    state.next = 0
                }
                return job
            }
            guard let job else { return }
            job()
            state.withLock { $0.idleThreads += 1 }
        }
    }
}

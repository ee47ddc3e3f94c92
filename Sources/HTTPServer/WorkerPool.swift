import CSystem
import Glibc
import Synchronization

/// A few threads for blocking work (password hashing, fsync) so event loops never stall;
/// the work answers through the `HTTPReply` it captured.
public final class WorkerPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var stopping = false
        var threads: [pthread_t] = []
    }

    private let state = Mutex(State())
    /// Counts queued jobs (plus one stop token per thread at shutdown); workers block reading it.
    private let tokens: Int32

    public init(threads: Int) {
        tokens = wp_eventfd_semaphore()
        let count = max(1, threads)
        var started: [pthread_t] = []
        for _ in 0..<count {
            if let thread = PosixThread.start({ [self] in work() }) { started.append(thread) }
        }
        state.withLock { $0.threads = started }
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
        while true {
            guard wp_eventfd_drain(tokens) == 8 else {
                if wp_errno() == EINTR { continue }
                return
            }
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.next < state.jobs.count else { return nil }
                let job = state.jobs[state.next]
                state.next += 1
                if state.next > 64 && state.next * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.next)
                    state.next = 0
                }
                return job
            }
            guard let job else { return }
            job()
        }
    }
}

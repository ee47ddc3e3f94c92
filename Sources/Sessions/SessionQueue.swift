import Synchronization

/// A session's requests, one at a time, in the order they came: what orders them instead of a lock
/// held across a form submission. A request *queues* a job; the job runs at once when the session
/// is idle, otherwise when the job before it ends its turn, on the executor it asked for (its own
/// event loop, or the workers). A job that waits for Redis keeps the turn while it is parked, so no
/// thread and no lock waits meanwhile: only the session's later requests wait, in this queue.
///
/// The queue is bounded (`limit` jobs waiting): beyond it `enqueue` refuses, and the request
/// answers 503 with `Retry-After`. Each job learns how long it waited, so a request stuck behind a
/// slow one can give up instead of adding its own wait (see `AppResponder`).
public final class SessionQueue: Sendable {
    /// Runs a job where its request belongs: its event loop's `execute`, or a worker pool's `submit`.
    public typealias Executor = @Sendable (@escaping @Sendable () -> Void) -> Void
    /// The job, its turn (end it exactly once, from any thread), and how long it waited.
    public typealias Job = @Sendable (_ turn: SessionTurn, _ waited: Duration) -> Void

    private struct Waiting {
        let job: Job
        let executor: Executor
        let queued: ContinuousClock.Instant
    }

    private struct State {
        /// An exclusive turn is held.
        var busy = false
        /// Short turns held (pages deciding).
        var short = 0
        var waiting: [Waiting] = []

        /// Nobody holds a turn (then nothing waits either).
        var isIdle: Bool { !busy && short == 0 }
    }

    /// Jobs that may wait at most (requests; the session's own upkeep is never refused).
    public let limit: Int
    private let state = Mutex(State())
    /// What "now" is when a job queues and when it runs (a test's clock, to measure a wait without
    /// sleeping through it).
    private let now: @Sendable () -> ContinuousClock.Instant

    public init(limit: Int = 16, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.limit = max(1, limit)
        self.now = now
    }

    /// Queues `job`; runs it here and now when the session is idle (the caller is on the thread
    /// `executor` stands for). False when `limit` jobs are waiting already and `bounded`: nothing
    /// was queued.
    @discardableResult
    public func enqueue(on executor: @escaping Executor, bounded: Bool = true, _ job: @escaping Job) -> Bool {
        let now = now()
        let runsNow = state.withLock { state -> Bool? in
            if state.isIdle {
                state.busy = true
                return true
            }
            if bounded && state.waiting.count >= limit { return nil }
            state.waiting.append(Waiting(job: job, executor: executor, queued: now))
            return false
        }
        guard let runsNow else { return false }
        if runsNow { job(SessionTurn(self), .zero) }
        return true
    }

    /// The session's exclusive turn, when it is idle: taken without queueing a job.
    public func turnIfIdle() -> SessionTurn? {
        let idle = state.withLock { state -> Bool in
            guard state.isIdle else { return false }
            state.busy = true
            return true
        }
        return idle ? SessionTurn(self) : nil
    }

    /// A short turn for a page's decision, beside other pages, when no exclusive job holds or
    /// waits for the session (else nil: the page queues behind them, keeping their order).
    public func shortTurnIfFree() -> SessionTurn? {
        let free = state.withLock { state -> Bool in
            guard !state.busy, state.waiting.isEmpty else { return false }
            state.short += 1
            return true
        }
        return free ? SessionTurn(self, short: true) : nil
    }

    /// Runs `body` with a turn now if the session is idle (and ends the turn after); false, and
    /// nothing run, while another job holds the turn.
    public func runIfIdle(_ body: (SessionTurn) -> Void) -> Bool {
        guard let turn = turnIfIdle() else { return false }
        body(turn)
        turn.end()
        return true
    }

    /// Jobs waiting now (not counting the one that holds the turn).
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// A turn ended: once no turn is held, the next job runs (exclusively) on its executor.
    func handOn(fromShort short: Bool) {
        let next = state.withLock { state -> Waiting? in
            if short { state.short -= 1 } else { state.busy = false }
            guard state.isIdle, !state.waiting.isEmpty else { return nil }
            state.busy = true
            return state.waiting.removeFirst()
        }
        guard let next else { return }
        let waited = now() - next.queued
        let turn = SessionTurn(self)
        next.executor { next.job(turn, waited) }
    }
}

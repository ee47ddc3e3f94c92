import Networking
import Synchronization

/// Up to `poolSize` connections to one Redis, made on demand and reused.
///
/// Threading: calls block the calling thread and are meant for worker threads (the app's
/// `WorkerPool`), never an event loop; event-loop code uses the callback methods in
/// `RedisPool+Callbacks.swift`, which run the call on an executor such as `WorkerPool.submit`.
/// Every wait is bounded: `checkoutTimeout` for a free connection, `connectTimeout`, `replyTimeout`.
///
/// Reconnect: a connection that failed is closed and dropped; an idle one the server closed is
/// noticed before it is lent. Failures follow `RedisBackoff`: after a failed connect *or a
/// connection that failed mid-call* (no reply within `replyTimeout`, reset, closed), every call
/// fails at once with `.backingOff` (carrying the failure) until the delay has passed, idle
/// connections or not, so an outage (a refusing or a hanging server) costs each request
/// microseconds instead of a timeout. Only a reply ends a run of failures: a hung server still
/// accepts TCP connections. Commands are never retried behind the caller's back: one that may
/// have reached the server is the caller's to repeat.
public final class RedisPool: Sendable {
    public let configuration: RedisConfiguration
    let clock: RedisClock
    private let tlsContext: RedisTLSContext?
    private let slots: PoolSlots
    private let state: Mutex<State>
    private let exchanges = Atomic<Int>(0)
    /// Mirrors `backoff.consecutiveFailures > 0`, so that a healthy pool's calls take no lock for it.
    private let failing = Atomic<Bool>(false)
    /// When a reply last arrived (the clock's nanoseconds), 0 before the first.
    private let lastReply = Atomic<UInt64>(0)

    private struct State {
        var idle: [RedisConnection] = []
        var backoff: RedisBackoff
        var isClosed = false
    }

    /// Checks the TLS settings (the CA file) at once; connects only when first used.
    public init(configuration: RedisConfiguration, clock: RedisClock = .system) throws(RedisError) {
        self.configuration = configuration
        self.clock = clock
        tlsContext = configuration.usesTLS ? try RedisTLSContext(caFilePath: configuration.caFilePath) : nil
        slots = PoolSlots(count: configuration.poolSize)
        state = Mutex(State(backoff: RedisBackoff(
            initialDelay: configuration.initialReconnectDelay.nanoseconds,
            maximumDelay: configuration.maximumReconnectDelay.nanoseconds)))
    }

    /// Sends one command on a pooled connection; an error reply throws `.server`.
    public func send(_ command: RedisCommand) throws(RedisError) -> RESPValue {
        try withConnection { connection throws(RedisError) in
            exchanges.add(1, ordering: .relaxed)
            return try connection.send(command)
        }
    }

    /// Pipelines `commands` on one pooled connection; error replies are values in their place.
    public func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RESPValue] {
        try withConnection { connection throws(RedisError) in
            exchanges.add(1, ordering: .relaxed)
            return try connection.pipeline(commands)
        }
    }

    /// Round trips made through `send` and `pipeline` so far (one per call that got a connection;
    /// `withConnection` bodies are not counted): what a request costs, for tests and diagnostics.
    public var roundTrips: Int { exchanges.load(ordering: .relaxed) }

    /// Lends a connection to `body` for several calls in a row (e.g. WATCH … MULTI … EXEC). It goes
    /// back to the pool afterwards unless it was closed by a failure.
    public func withConnection<Result>(_ body: (RedisConnection) throws(RedisError) -> Result) throws(RedisError) -> Result {
        EventLoopThread.preconditionNotOnLoop("RedisPool (a blocking Redis call)")
        guard !state.withLock({ $0.isClosed }) else { throw .poolClosed }
        if failing.load(ordering: .relaxed) { try checkBackoff() }
        guard slots.acquire(deadline: clock.deadline(after: configuration.checkoutTimeout), clock: clock) else {
            throw .poolTimeout
        }
        defer { slots.release() }
        let connection = try checkOut()
        defer { checkIn(connection) }
        do {
            let result = try body(connection)
            noteReply()
            return result
        } catch {
            if error.isConnectionFailure { noteFailure(error) } else { noteReply() }
            throw error
        }
    }

    /// The state of reconnect backoff, for health reports.
    public var backoff: RedisBackoff { state.withLock { $0.backoff } }

    /// Whether the last call or connect failed and no reply has arrived since.
    public var isFailing: Bool { failing.load(ordering: .relaxed) }

    /// When a reply last arrived, in the pool's clock's nanoseconds; 0 before the first.
    public var lastReplyTime: UInt64 { lastReply.load(ordering: .relaxed) }

    /// The pool's clock's current time, to compare with `lastReplyTime`.
    public var now: UInt64 { clock.now() }

    private func checkBackoff() throws(RedisError) {
        let waiting = state.withLock { state -> (UInt64, RedisError)? in
            guard let remaining = state.backoff.remainingDelay(at: clock.now()), let failure = state.backoff.lastFailure else { return nil }
            return (remaining, failure)
        }
        if let (remaining, failure) = waiting {
            throw .backingOff(retryInMilliseconds: Int((remaining + 999_999) / 1_000_000), lastFailure: failure)
        }
    }

    /// A new connection for an event loop to drive (`RedisLoopClient`), under the same backoff.
    /// Blocks: called on a connect lane.
    func makeLoopConnection() throws(RedisError) -> RedisConnection {
        EventLoopThread.preconditionNotOnLoop("connecting to Redis")
        guard !state.withLock({ $0.isClosed }) else { throw .poolClosed }
        return try checkOutNew()
    }

    func noteReply() {
        lastReply.store(clock.now(), ordering: .relaxed)
        guard failing.load(ordering: .relaxed) else { return }
        state.withLock { state in
            state.backoff.recordSuccess()
            failing.store(false, ordering: .relaxed)
        }
    }

    func noteFailure(_ error: RedisError) {
        state.withLock { state in
            state.backoff.recordFailure(error, at: clock.now())
            failing.store(true, ordering: .relaxed)
        }
    }

    /// Closes idle connections; borrowed ones close as they come back. Later calls throw `.poolClosed`.
    public func close() {
        let idle = state.withLock { state -> [RedisConnection] in
            state.isClosed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { connection.close() }
    }

    private func checkOut() throws(RedisError) -> RedisConnection {
        while let idle = state.withLock({ $0.idle.popLast() }) {
            if idle.isUsableWhenIdle { return idle }
        }
        return try checkOutNew()
    }

    private func checkOutNew() throws(RedisError) -> RedisConnection {
        try checkBackoff()
        do {
            let connection = try RedisConnection(configuration: configuration, tlsContext: tlsContext, clock: clock)
            // AUTH or SELECT answered: the server is alive. Without them, the first reply tells.
            if connection.configuration.password != nil || connection.configuration.username != nil
                || connection.configuration.database != 0 {
                noteReply()
            }
            return connection
        } catch {
            noteFailure(error)
            throw error
        }
    }

    private func checkIn(_ connection: RedisConnection) {
        let kept = state.withLock { state -> Bool in
            guard connection.isOpen, !state.isClosed else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close() }
    }
}

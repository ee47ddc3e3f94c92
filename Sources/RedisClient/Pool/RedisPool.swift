import Synchronization

/// Up to `poolSize` connections to one Redis, made on demand and reused.
///
/// Threading: calls block the calling thread and are meant for worker threads (the app's
/// `WorkerPool`), never an event loop; event-loop code uses the callback methods in
/// `RedisPool+Callbacks.swift`, which run the call on an executor such as `WorkerPool.submit`.
/// Every wait is bounded: `checkoutTimeout` for a free connection, `connectTimeout`, `replyTimeout`.
///
/// Reconnect: a connection that failed is closed and dropped; an idle one the server closed is
/// noticed before it is lent. New connects follow `RedisBackoff`: after a failed connect, calls
/// fail at once with `.backingOff` (carrying the failure) until the delay has passed, so an outage
/// costs each request microseconds instead of a connect timeout. Commands are never retried
/// behind the caller's back: one that may have reached the server is the caller's to repeat.
public final class RedisPool: Sendable {
    public let configuration: RedisConfiguration
    private let clock: RedisClock
    private let tlsContext: RedisTLSContext?
    private let slots: PoolSlots
    private let state: Mutex<State>
    private let exchanges = Atomic<Int>(0)

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
        guard !state.withLock({ $0.isClosed }) else { throw .poolClosed }
        guard slots.acquire(deadline: clock.deadline(after: configuration.checkoutTimeout), clock: clock) else {
            throw .poolTimeout
        }
        defer { slots.release() }
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    /// The state of reconnect backoff, for health reports.
    public var backoff: RedisBackoff { state.withLock { $0.backoff } }

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
        let waiting = state.withLock { state -> (UInt64, RedisError)? in
            guard let remaining = state.backoff.remainingDelay(at: clock.now()), let failure = state.backoff.lastFailure else { return nil }
            return (remaining, failure)
        }
        if let (remaining, failure) = waiting {
            throw .backingOff(retryInMilliseconds: Int((remaining + 999_999) / 1_000_000), lastFailure: failure)
        }
        do {
            let connection = try RedisConnection(configuration: configuration, tlsContext: tlsContext, clock: clock)
            state.withLock { $0.backoff.recordSuccess() }
            return connection
        } catch {
            state.withLock { $0.backoff.recordFailure(error, at: clock.now()) }
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

import Networking
import Synchronization

/// Redis on the event loops: one pipelined connection per loop (`RedisLoopConnection`), made on
/// first use and again after a failure. Connecting blocks (name resolution, TLS handshake, AUTH,
/// SELECT), so it runs on `connectLane`, never a loop, under the pool's reconnect backoff. What a
/// loop sends meanwhile parks too (`ConnectingSends`): it goes out, in order, once the connection
/// is ready, or fails with the connect's error (within `connectTimeout`), so no thread waits for
/// Redis while a connection is being made either.
/// Health is shared with the pool: a reply on a loop counts as one, a failed loop connection as a
/// failure, so readiness and backoff see both kinds of traffic.
public final class RedisLoopClient: Sendable {
    private enum Slot {
        case connecting(ConnectingSends)
        case ready(RedisLoopConnection)
    }

    public let pool: RedisPool
    private let connectLane: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let answersPerPass: Int
    private let farRoundTrip: UInt64
    private let slots = Mutex<[ObjectIdentifier: Slot]>([:])
    private let exchanges = Atomic<Int>(0)
    private let readyObservers = Mutex<[@Sendable () -> Void]>([])

    /// Half of what one loop parks at once under the benchmark's 64 connections: with Redis far,
    /// one half's round trip overlaps the other's rendering.
    public static let defaultAnswersPerPass = 16
    /// Replies that come this long after the last write mean Redis is far enough for the limit
    /// to pay (0.25 ms: loopback answers in tens of microseconds, a host 1 ms away in over one).
    public static let defaultFarRoundTrip: UInt64 = 250_000

    /// `connectLane` runs a blocking connect off the loops (a one-thread lane). `answersPerPass`:
    /// waiters a loop's connection answers in one pass of its loop (`RedisLoopConnection`).
    public init(pool: RedisPool, connectLane: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
                answersPerPass: Int = RedisLoopClient.defaultAnswersPerPass,
                farRoundTrip: UInt64 = RedisLoopClient.defaultFarRoundTrip) {
        precondition(answersPerPass > 0, "a pass answers at least one waiter")
        self.pool = pool
        self.connectLane = connectLane
        self.answersPerPass = answersPerPass
        self.farRoundTrip = farRoundTrip
    }

    /// On `loop`'s thread: sends `commands` on the loop's connection and calls `completion` there
    /// with their replies (error replies as values), or with the failure of the connection or of
    /// its connect. False only when `ConnectingSends.capacity` sends already wait for the loop's
    /// connection to be made: nothing was sent, the caller goes on its blocking path.
    public func send(
        _ commands: [RedisCommand], on loop: any EventLoopScheduler,
        completion: @escaping (Result<[RESPValue], RedisError>) -> Void
    ) -> Bool {
        precondition(loop.inEventLoop, "a loop's Redis connection is used on its own loop only")
        let key = ObjectIdentifier(loop)
        let (slot, isNew) = slots.withLock { slots -> (Slot, Bool) in
            if let slot = slots[key] { return (slot, false) }
            let waiting = Slot.connecting(ConnectingSends())
            slots[key] = waiting
            return (waiting, true)
        }
        switch slot {
        case .ready(let connection):
            exchanges.add(1, ordering: .relaxed)
            connection.send(commands, completion: completion)
            return true
        case .connecting(let waiting):
            // Appended on the loop's thread, which alone drains it (`install`, `failWaiting`).
            guard waiting.append(commands, completion: completion) else { return false }
            exchanges.add(1, ordering: .relaxed)
            if isNew { connect(for: loop, waiting: waiting) }
            return true
        }
    }

    /// Round trips sent on the loops' connections so far (one per `send` that was sent), like
    /// `RedisPool.roundTrips`: what a request costs, for tests and diagnostics.
    public var roundTrips: Int { exchanges.load(ordering: .relaxed) }

    /// Runs `observer` each time a loop's connection becomes ready (on that loop's thread), so a
    /// test or a probe can wait for one instead of polling.
    public func observeReady(_ observer: @escaping @Sendable () -> Void) {
        readyObservers.withLock { $0.append(observer) }
    }

    /// Connections ready on the loops, for tests and diagnostics.
    public var readyConnections: Int {
        slots.withLock { $0.values.reduce(0) { if case .ready = $1 { $0 + 1 } else { $0 } } }
    }

    private func connect(for loop: any EventLoopScheduler, waiting: ConnectingSends) {
        let key = ObjectIdentifier(loop)
        connectLane { [self] in
            let made: RedisConnection
            do {
                made = try pool.makeLoopConnection()
            } catch {
                slots.withLock { _ = $0.removeValue(forKey: key) }
                // The next send makes a new attempt (under the pool's backoff); these fail now.
                let failure = (error as? RedisError) ?? .connectionClosed
                _ = loop.execute { waiting.failAll(failure) }
                return
            }
            let posted = loop.execute { [self] in install(made, on: loop, waiting: waiting) }
            if !posted {
                made.close()
                slots.withLock { _ = $0.removeValue(forKey: key) }
            }
        }
    }

    private func install(_ made: RedisConnection, on loop: any EventLoopScheduler, waiting: ConnectingSends) {
        let key = ObjectIdentifier(loop)
        let connection = RedisLoopConnection(
            connection: made, loop: loop, clock: pool.clock, answersPerPass: answersPerPass, farRoundTrip: farRoundTrip,
            onReply: { [pool] in pool.noteReply() },
            onClose: { [self, pool] closed, error in
                if let error, error.isConnectionFailure { pool.noteFailure(error) }
                slots.withLock { slots in
                    if case .ready(let current) = slots[key], current === closed { slots[key] = nil }
                }
            })
        guard made.isOpen, loop.register(connection, writable: false) else {
            made.close()
            slots.withLock { _ = $0.removeValue(forKey: key) }
            return waiting.failAll(.connectionClosed)
        }
        slots.withLock { $0[key] = .ready(connection) }
        // In the order they were asked, before anything sent after this on the loop.
        waiting.sendAll(on: connection)
        for observer in readyObservers.withLock({ $0 }) { observer() }
    }
}

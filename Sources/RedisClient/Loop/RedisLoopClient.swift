import Networking
import Synchronization

/// Redis on the event loops: one pipelined connection per loop (`RedisLoopConnection`), made on
/// first use and again after a failure. Connecting blocks (name resolution, TLS handshake, AUTH,
/// SELECT), so it runs on `connectLane`, never a loop, under the pool's reconnect backoff; until a
/// loop's connection is ready `send` says so and the caller takes its blocking path on a worker.
/// Health is shared with the pool: a reply on a loop counts as one, a failed loop connection as a
/// failure, so readiness and backoff see both kinds of traffic.
public final class RedisLoopClient: Sendable {
    private enum Slot {
        case connecting
        case ready(RedisLoopConnection)
    }

    public let pool: RedisPool
    private let connectLane: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let slots = Mutex<[ObjectIdentifier: Slot]>([:])
    private let exchanges = Atomic<Int>(0)
    private let readyObservers = Mutex<[@Sendable () -> Void]>([])

    /// `connectLane` runs a blocking connect off the loops (a one-thread lane).
    public init(pool: RedisPool, connectLane: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.pool = pool
        self.connectLane = connectLane
    }

    /// On `loop`'s thread: sends `commands` on the loop's connection and calls `completion` there
    /// with their replies (error replies as values). False when the loop has no connection ready
    /// yet (one is being made) or the pool is backing off: nothing was sent, the caller goes on
    /// its blocking path.
    public func send(
        _ commands: [RedisCommand], on loop: any EventLoopScheduler,
        completion: @escaping (Result<[RESPValue], RedisError>) -> Void
    ) -> Bool {
        let key = ObjectIdentifier(loop)
        let slot = slots.withLock { slots -> Slot? in
            if let slot = slots[key] { return slot }
            slots[key] = .connecting
            return nil
        }
        switch slot {
        case .ready(let connection)?:
            exchanges.add(1, ordering: .relaxed)
            connection.send(commands, completion: completion)
            return true
        case .connecting?:
            return false
        case nil:
            connect(for: loop)
            return false
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

    private func connect(for loop: any EventLoopScheduler) {
        let key = ObjectIdentifier(loop)
        connectLane { [self] in
            let made: RedisConnection
            do {
                made = try pool.makeLoopConnection()
            } catch {
                slots.withLock { _ = $0.removeValue(forKey: key) }
                return
            }
            let posted = loop.execute { [self] in install(made, on: loop) }
            if !posted {
                made.close()
                slots.withLock { _ = $0.removeValue(forKey: key) }
            }
        }
    }

    private func install(_ made: RedisConnection, on loop: any EventLoopScheduler) {
        let key = ObjectIdentifier(loop)
        let connection = RedisLoopConnection(
            connection: made, loop: loop, clock: pool.clock,
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
            return
        }
        slots.withLock { $0[key] = .ready(connection) }
        for observer in readyObservers.withLock({ $0 }) { observer() }
    }
}

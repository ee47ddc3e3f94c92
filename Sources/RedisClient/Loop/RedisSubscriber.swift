import Dispatch
import Networking
import Synchronization

/// A Redis pub/sub subscription held by an event loop: one connection in subscribe mode, whose
/// messages are handed to `onMessage` on that loop as they arrive; no thread waits for them.
///
/// Pub/sub forgets what is published while a subscriber is away, so the subscription says when
/// it (re)starts: `onSubscribed` runs each time Redis confirms it, and the owner catches up there
/// from a durable log (a stream) before trusting the messages again. A broken or silent connection
/// (a PING unanswered within the reply timeout) is made again after `retryDelay`, under the pool's
/// backoff (`onDropped` says when one is given up); connecting blocks, so it runs on
/// `connectLane`, never the loop.
public final class RedisSubscriber: Sendable {
    private struct State {
        var connection: RedisLoopConnection?
        var stopped = false
    }

    private let pool: RedisPool
    private let channel: String
    private let loop: any EventLoopScheduler
    private let connectLane: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let retryDelay: Duration
    private let onSubscribed: @Sendable () -> Void
    private let onMessage: @Sendable ([UInt8]) -> Void
    private let onDropped: @Sendable () -> Void
    private let state = Mutex(State())

    public init(
        pool: RedisPool, channel: String, loop: any EventLoopScheduler, retryDelay: Duration = .milliseconds(500),
        connectLane: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        onSubscribed: @escaping @Sendable () -> Void, onMessage: @escaping @Sendable ([UInt8]) -> Void,
        onDropped: @escaping @Sendable () -> Void = {}
    ) {
        self.pool = pool
        self.channel = channel
        self.loop = loop
        self.retryDelay = retryDelay
        self.connectLane = connectLane
        self.onSubscribed = onSubscribed
        self.onMessage = onMessage
        self.onDropped = onDropped
    }

    /// Connects and subscribes, in the background.
    public func start() {
        connect()
    }

    /// Closes the subscription for good (on its loop, soon after).
    public func stop() {
        let connection = state.withLock { state -> RedisLoopConnection? in
            state.stopped = true
            defer { state.connection = nil }
            return state.connection
        }
        if let connection { loop.execute { connection.close() } }
    }

    /// Whether a subscribed connection is open now, for tests and diagnostics.
    public var isConnected: Bool { state.withLock { $0.connection?.isOpen ?? false } }

    private func connect() {
        connectLane { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            let made: RedisConnection
            do {
                made = try pool.makeLoopConnection()
            } catch {
                return retryLater()
            }
            if !loop.execute({ [self] in install(made) }) { made.close() }
        }
    }

    private func install(_ made: RedisConnection) {
        let connection = RedisLoopConnection(
            connection: made, loop: loop, clock: pool.clock,
            onReply: { [pool] in pool.noteReply() },
            onPush: { [self] in receive($0) },
            onClose: { [self, pool] closed, error in
                if let error, error.isConnectionFailure { pool.noteFailure(error) }
                // No error: closed on purpose, or the loop stopped (nowhere to subscribe again).
                let again = state.withLock { state -> Bool in
                    guard state.connection === closed else { return false }
                    state.connection = nil
                    return !state.stopped && error != nil
                }
                if again {
                    onDropped()
                    retryLater()
                }
            })
        let kept = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.connection = connection
            return true
        }
        guard kept, made.isOpen, loop.register(connection, writable: false) else {
            state.withLock { if $0.connection === connection { $0.connection = nil } }
            made.close()
            if kept { retryLater() }
            return
        }
        connection.subscribe(to: [channel])
    }

    /// A push in subscribe mode: `[kind, channel, payload]`. A pong is `[pong, ""]`.
    private func receive(_ push: RESPValue) {
        guard let parts = push.array, parts.count == 3, let kind = parts[0].string else { return }
        switch kind.lowercased() {
        case "subscribe": onSubscribed()
        case "message": if let payload = parts[2].bytes { onMessage(payload) }
        default: break
        }
    }

    private func retryLater() {
        guard !state.withLock({ $0.stopped }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(retryDelay.nanoseconds))) { [self] in connect() }
    }
}

import Glibc
import HTTPCore
import Log
import Networking
import Synchronization

/// An HTTP/1.1 server: one epoll event loop per core, each with its own listening socket on the
/// same port, handing requests to a responder and writing answers back in order.
public final class HTTPServer: Sendable {
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        case alreadyStarted
        case threadStartFailed
        /// `start()` with no responder given here or at `init`.
        case noResponder

        public var description: String {
            switch self {
            case .alreadyStarted: "the server was already started"
            case .noResponder: "the server was started without a responder"
            case .threadStartFailed: "could not start an event-loop thread"
            }
        }
    }

    /// Listening sockets bound ahead of `start`, with what the loops will need.
    private struct Bound {
        var listeners: [Int32]
        var settings: EventLoop.Settings
        var port: Int
    }

    private struct State {
        var bound: Bound?
        var loops: [EventLoop] = []
        var threads: [pthread_t] = []
        var started = false
        var stopping = false
    }

    public let configuration: Configuration
    private let responder: (any HTTPResponder)?
    private let logger: Logger
    private let state = Mutex(State())
    private let onShutdown: @Sendable () -> Void

    /// `onShutdown` runs once, after the last connection has closed: the application's moment to
    /// flush its state before the process exits. Without a responder here, `start(responder:)`
    /// supplies one: an application can `bind()` before it has opened what its responder needs.
    public init(configuration: Configuration, responder: (any HTTPResponder)? = nil, logger: Logger,
                onShutdown: @escaping @Sendable () -> Void = {}) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.onShutdown = onShutdown
    }

    /// Loads TLS (a bad certificate or key throws `TLSConfiguration.Error`) and binds the listening
    /// sockets without serving; returns the bound port (useful with port 0). Connections queue in
    /// the kernel until `start`. Lets an application fail on a busy port before it touches its
    /// data. Calling it again returns the same port.
    @discardableResult
    public func bind() throws -> Int {
        try state.withLock { state throws -> Int in try bind(&state) }
    }

    private func bind(_ state: inout State) throws -> Int {
        if let bound = state.bound { return bound.port }
        guard !state.started, !state.stopping else { throw Error.alreadyStarted }
        var settings = EventLoop.Settings(
            machine: configuration.machineConfiguration,
            shutdownGracePeriod: configuration.shutdownGracePeriod.nanoseconds,
            proxies: configuration.trustedProxies,
            streamBudget: ConnectionLimiter(maximum: configuration.maxStreams ?? configuration.maxConnections / 2),
            streamHeartbeat: configuration.streamHeartbeat.nanoseconds)
        if let tls = configuration.tls {
            let context = try TLSContext(configuration: tls)
            settings.makeTransport = { TLSTransport(fd: $0, context: context) }
            settings.isSecure = true
            settings.handshakeTimeout = context.handshakeTimeout
        }
        var port = configuration.port
        var listeners: [Int32] = []
        do {
            try Socket.ensureAvailable(host: configuration.host, port: port)
            for _ in 0..<max(1, configuration.eventLoops) {
                let fd = try Socket.listen(host: configuration.host, port: port)
                listeners.append(fd)
                port = Socket.boundPort(fd)
            }
        } catch {
            for fd in listeners { close(fd) }
            throw error
        }
        state.bound = Bound(listeners: listeners, settings: settings, port: port)
        return port
    }

    /// Binds (unless `bind()` already did), starts the loops and returns the bound port. The
    /// responder given here wins over the one given at `init`.
    public func start(responder: (any HTTPResponder)? = nil) throws -> Int {
        guard let responder = responder ?? self.responder else { throw Error.noResponder }
        return try state.withLock { state throws -> Int in
            guard !state.started else { throw Error.alreadyStarted }
            _ = try bind(&state)
            guard let bound = state.bound else { throw Error.alreadyStarted }
            state.started = true
            state.bound = nil
            let limiter = ConnectionLimiter(maximum: configuration.maxConnections)
            do {
                for fd in bound.listeners {
                    state.loops.append(try EventLoop(
                        listenerFD: fd, settings: bound.settings, responder: responder, logger: logger, limiter: limiter))
                }
            } catch {
                for fd in bound.listeners { close(fd) }
                state.loops.removeAll()
                throw error
            }
            for loop in state.loops { loop.siblings = state.loops }
            for loop in state.loops {
                guard let thread = PosixThread.start({ loop.run() }) else { throw Error.threadStartFailed }
                state.threads.append(thread)
            }
            return bound.port
        }
    }

    /// Every loop's request figures, merged: for a metrics scrape (takes each loop's own lock once).
    public func requestStats() -> RequestStats {
        let loops = state.withLock { $0.loops }
        var merged = RequestStats()
        for loop in loops { merged.merge(loop.requestMetrics.snapshot) }
        return merged
    }

    /// The running loops, for work of the application's own that must live on one (a Redis
    /// subscription); empty before `start`.
    public var eventLoops: [any EventLoopScheduler] {
        state.withLock { $0.loops }
    }

    /// Connections open across all loops.
    public var openConnections: Int {
        state.withLock { $0.loops }.reduce(0) { $0 + $1.openConnections }
    }

    /// Stops accepting, lets requests in flight finish within the grace period, then closes; a
    /// server bound but never started just closes its sockets. Idempotent.
    public func shutdown() {
        let loops = state.withLock { state -> [EventLoop] in
            guard !state.stopping else { return [] }
            state.stopping = true
            if let bound = state.bound {
                for fd in bound.listeners { close(fd) }
                state.bound = nil
            }
            return state.loops
        }
        for loop in loops { loop.requestShutdown() }
    }

    /// Blocks until every loop has stopped, then runs `onShutdown`; for `main.swift` and tests,
    /// never from an event loop.
    public func waitUntilStopped() {
        let threads = state.withLock { state in
            let threads = state.threads
            state.threads.removeAll()
            return threads
        }
        guard !threads.isEmpty else { return }
        for thread in threads { PosixThread.join(thread) }
        onShutdown()
    }
}

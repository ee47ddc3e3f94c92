import Glibc
import HTTPCore
import Synchronization

/// An HTTP/1.1 server: one epoll event loop per core, each with its own listening socket on the
/// same port, handing requests to a responder and writing answers back in order.
public final class HTTPServer: Sendable {
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        case alreadyStarted
        case threadStartFailed

        public var description: String {
            switch self {
            case .alreadyStarted: "the server was already started"
            case .threadStartFailed: "could not start an event-loop thread"
            }
        }
    }

    private struct State {
        var loops: [EventLoop] = []
        var threads: [pthread_t] = []
        var started = false
        var stopping = false
    }

    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let logger: Logger
    private let state = Mutex(State())
    private let onShutdown: @Sendable () -> Void

    /// `onShutdown` runs once, after the last connection has closed: the application's moment to
    /// flush its state before the process exits.
    public init(configuration: Configuration, responder: any HTTPResponder, logger: Logger,
                onShutdown: @escaping @Sendable () -> Void = {}) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.onShutdown = onShutdown
    }

    /// Binds, starts the loops and returns the bound port (useful with port 0). With TLS configured,
    /// the certificate and key are loaded first: a bad one throws `TLSConfiguration.Error`.
    public func start() throws -> Int {
        return try state.withLock { state throws -> Int in
            guard !state.started else { throw Error.alreadyStarted }
            var settings = EventLoop.Settings(
                machine: configuration.machineConfiguration,
                shutdownGracePeriod: configuration.shutdownGracePeriod.nanoseconds)
            if let tls = configuration.tls {
                let context = try TLSContext(configuration: tls)
                settings.makeTransport = { TLSTransport(fd: $0, context: context) }
                settings.isSecure = true
                settings.handshakeTimeout = context.handshakeTimeout
            }
            state.started = true
            let limiter = ConnectionLimiter(maximum: configuration.maxConnections)
            var port = configuration.port
            var listeners: [Int32] = []
            do {
                try Socket.ensureAvailable(host: configuration.host, port: port)
                for _ in 0..<max(1, configuration.eventLoops) {
                    let fd = try Socket.listen(host: configuration.host, port: port)
                    listeners.append(fd)
                    port = Socket.boundPort(fd)
                }
                for fd in listeners {
                    state.loops.append(try EventLoop(
                        listenerFD: fd, settings: settings, responder: responder, logger: logger, limiter: limiter))
                }
            } catch {
                for fd in listeners { close(fd) }
                state.loops.removeAll()
                throw error
            }
            for loop in state.loops { loop.siblings = state.loops }
            for loop in state.loops {
                guard let thread = PosixThread.start({ loop.run() }) else { throw Error.threadStartFailed }
                state.threads.append(thread)
            }
            return port
        }
    }

    /// Stops accepting, lets requests in flight finish within the grace period, then closes. Idempotent.
    public func shutdown() {
        let loops = state.withLock { state -> [EventLoop] in
            guard !state.stopping else { return [] }
            state.stopping = true
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

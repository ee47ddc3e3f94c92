#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer
import Log
import Services
import Sessions
import Storage
import Synchronization

/// A built Waypoint: services over the data folder, templates, sessions, and the HTTP server in
/// front of them. Made by `buildApplication`; `main.swift` starts it and shuts it down.
public final class Application: Sendable {
    /// Settings with no command-line flag: mostly limits and intervals that tests scale down.
    public struct Options: Sendable {
        /// How long a session lives without a request.
        public var sessionIdleTimeout: Duration
        /// Signed-in sessions kept at most; the least recently used go first.
        public var maxSignedInSessions: Int
        /// Visitors' sessions kept at most, apart from the signed-in ones, which they never push out.
        public var maxVisitorSessions: Int
        /// How long a visitor's session lives without a request (signed-in ones: `sessionIdleTimeout`).
        public var visitorIdleTimeout: Duration = .seconds(24 * 3600)
        /// With Redis: visitors' sessions kept at most across all instances; beyond it the least
        /// recently used go, never a signed-in session.
        public var maxSharedVisitorSessions: Int = 200_000
        /// Requests of one session that may wait behind the one being served; beyond it 503.
        public var sessionQueueLimit: Int = 16
        /// How many new visitor sessions one client address may start; beyond it pages are served
        /// without a session.
        public var visitorAdmission: VisitorAdmission.Configuration
        /// Lock shards of the session map.
        public var sessionShards: Int
        /// How often sessions whose navigation changed are saved (also at shutdown). Sign-ins,
        /// sign-outs and revocations are saved at once.
        public var saveInterval: Duration
        /// With Redis: how often the shared queue of reset requests is checked for requests no
        /// instance delivered (each request also starts a delivery where it was made).
        public var mailSweepInterval: Duration
        /// Threads for form submissions' disk writes and, with Redis, requests' Redis round trips.
        public var workerThreads: Int
        /// The password-hashing lane: its threads (fewer than the cores, so pages always find one)
        /// and how many sign-ins may wait for them; beyond that a sign-in answers 503 at once.
        public var hashingThreads: Int = 1
        public var hashingQueueLimit: Int = 8
        /// With Redis: a request that waited this long for a worker answers 503 with `Retry-After`
        /// (while Redis hangs, workers wait out reply timeouts and a queue would build behind them).
        public var queueWaitLimit: Duration = .milliseconds(500)
        public var loginThrottle: LoginThrottle.Configuration
        /// Event loops; nil keeps the server's default (one per core).
        public var eventLoops: Int?
        public var shutdownGracePeriod: Duration?
        /// Open connections at most; nil keeps the server's default.
        public var maxConnections: Int?
        /// From accept until a TLS handshake completes; nil keeps the server's default.
        public var tlsHandshakeTimeout: Duration?
        /// The time, for sessions, ledgers, login throttling and new items.
        public var clock: @Sendable () -> Date
        /// In development, how often at most the templates directory is checked for edits; tests
        /// use zero so the first request after an edit sees it.
        public var templateCheckInterval: Duration = .seconds(1)
        /// With Redis: how often the instance checks that Redis still holds the data it started with.
        public var sharedDataCheckInterval: Duration = .seconds(1)
        /// With Redis: whether this instance hears the other instances' live events (a subscription
        /// on one of its loops) and tells them its own. Off only where a test counts Redis traffic.
        public var sharesLiveEvents = true

        public init(
            sessionIdleTimeout: Duration = .seconds(30 * 24 * 3600), maxSignedInSessions: Int = 100_000,
            maxVisitorSessions: Int = 50_000, visitorAdmission: VisitorAdmission.Configuration = .init(),
            sessionShards: Int = 16,
            saveInterval: Duration = .seconds(30), mailSweepInterval: Duration = .seconds(5), workerThreads: Int = 2,
            loginThrottle: LoginThrottle.Configuration = .init(), eventLoops: Int? = nil,
            shutdownGracePeriod: Duration? = nil, maxConnections: Int? = nil, tlsHandshakeTimeout: Duration? = nil,
            clock: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.sessionIdleTimeout = sessionIdleTimeout
            self.maxSignedInSessions = maxSignedInSessions
            self.maxVisitorSessions = maxVisitorSessions
            self.visitorAdmission = visitorAdmission
            self.sessionShards = sessionShards
            self.saveInterval = saveInterval
            self.mailSweepInterval = mailSweepInterval
            self.workerThreads = workerThreads
            self.loginThrottle = loginThrottle
            self.eventLoops = eventLoops
            self.shutdownGracePeriod = shutdownGracePeriod
            self.maxConnections = maxConnections
            self.tlsHandshakeTimeout = tlsHandshakeTimeout
            self.clock = clock
        }
    }

    public let configuration: WaypointConfiguration
    public let services: AppServices
    /// Bound by `buildApplication`, serving from `start()`.
    let server: HTTPServer
    /// What the server answers with: the static files in front of the app.
    let root: any HTTPResponder
    let responder: AppResponder
    let archive: SessionArchive
    /// The sessions' journal files, closed last.
    let sessionStore: JournalStore?
    let saver: RepeatingTask
    /// With Redis: delivers reset requests that wait in the shared queue.
    let mailSweeper: RepeatingTask?
    /// With a shared store (Redis): its sessions, readiness, live events to and from the other
    /// instances, and the watch for the store losing the site's data.
    let shared: (any SharedStoreConnection)?
    let pool: WorkerPool
    let hashingLane: WorkerPool
    let logger: Logger
    private let stopped = Atomic<Bool>(false)

    init(
        configuration: WaypointConfiguration, services: AppServices, server: HTTPServer, root: any HTTPResponder,
        responder: AppResponder, archive: SessionArchive, sessionStore: JournalStore?, saver: RepeatingTask, mailSweeper: RepeatingTask?, pool: WorkerPool,
        hashingLane: WorkerPool, logger: Logger, shared: (any SharedStoreConnection)? = nil
    ) {
        self.shared = shared
        self.configuration = configuration
        self.services = services
        self.server = server
        self.root = root
        self.responder = responder
        self.archive = archive
        self.sessionStore = sessionStore
        self.saver = saver
        self.mailSweeper = mailSweeper
        self.pool = pool
        self.hashingLane = hashingLane
        self.logger = logger
    }

    /// Starts serving on the sockets `buildApplication` bound; returns the port (the one picked
    /// when configured with port 0).
    public func start() throws -> Int {
        let port = try server.start(responder: root)
        saver.start()
        mailSweeper?.start()
        shared?.start(on: server.eventLoops.first)
        return port
    }

    /// The first step of a graceful stop: `/readyz` answers 503 from now on, so load balancers
    /// stop sending traffic while the server still serves. `shutdown()` follows after the grace.
    public func beginDraining() {
        responder.readiness.beginDraining()
        logger.info("Draining: /readyz now answers 503")
    }

    /// Finishes the requests in flight, saves the sessions that changed and closes the data folder.
    /// Idempotent.
    public func shutdown() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        server.shutdown()
        server.waitUntilStopped()
        hashingLane.shutdown()
        pool.shutdown()
        saver.stop()
        mailSweeper?.stop()
        shared?.stop()
        archive.save()
        sessionStore?.close()
        services.close()
    }

    /// Live sessions in memory (for tests and diagnostics).
    var sessionCount: Int { archive.sessions.count }
}

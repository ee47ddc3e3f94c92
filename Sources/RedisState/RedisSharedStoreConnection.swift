import HTTPServer
import Networking
import RedisClient
import Services
import Sessions
import Web

/// Redis, connected: the shared sessions, admission counted in Redis, each request's
/// synchronization (`SharedState`) parked on the loops' own connections, live events to and from
/// the other instances, the readiness probe and the watch for Redis losing the site's data.
final class RedisSharedStoreConnection: SharedStoreConnection {
    let sharedSessions: SharedSessionStore
    let journal: any SessionPersistence
    let admission: VisitorAdmission
    let state: SharedState
    /// Live events to and from the other instances; nil when they are not shared.
    let liveEvents: SharedLiveEvents?
    let probe: SharedStoreProbe
    let dataWatch: SharedDataWatch?

    init(store: RedisStore, context: SharedStoreContext) {
        let options = context.options
        let (timeoutSeconds, _) = options.sessionIdleTimeout.components
        let (visitorTimeoutSeconds, _) = options.visitorIdleTimeout.components
        let shared = RedisSessionJournal(
            pool: store.pool, idleTimeout: timeoutSeconds, visitorIdleTimeout: visitorTimeoutSeconds,
            maxVisitors: options.maxSharedVisitorSessions)
        journal = shared
        // One thread for what must block outside the loops and the workers: connecting the loops'
        // Redis connections, and the readiness probe's PING.
        let redisLane = WorkerPool(threads: 1)
        probe = SharedStoreProbe(pool: store.pool, lane: redisLane)
        let loopClient = RedisLoopClient(pool: store.pool, connectLane: { redisLane.submit($0) })
        // Sessions' saves before an answer park on the loops; a blocking save runs on the workers.
        let workers = context.workers
        sharedSessions = SharedSessionStore(
            configuration: context.sessionConfiguration, shared: shared, loopClient: loopClient,
            blockingLane: { workers.submit($0) })
        admission = VisitorAdmission(configuration: options.visitorAdmission, sharedIn: store.pool)
        state = SharedState(
            services: context.services, store: store, sessions: sharedSessions, admission: admission, loopClient: loopClient)
        liveEvents = options.sharesLiveEvents
            ? SharedLiveEvents(
                pool: store.pool, prefix: store.prefix, logger: context.logger, catalogChanged: context.catalogChanged,
                sessionEnded: context.sessionEnded, connectLane: { redisLane.submit($0) })
            : nil
        dataWatch = context.services.redisStartMarker.map {
            SharedDataWatch(store: store, marker: $0, interval: options.sharedDataCheckInterval, logger: context.logger)
        }
    }

    var sessions: any SessionStoring { sharedSessions }
    var localSessions: SessionStore { sharedSessions.local }
    var synchronizer: any SharedStateSynchronizing { state }
    var liveRelay: (any SharedLiveRelay)? { liveEvents }
    var answers: Bool { probe.answers }
    var isIntact: Bool { dataWatch?.isIntact ?? true }

    func start(on loop: (any EventLoopScheduler)?) {
        dataWatch?.start()
        if let loop { liveEvents?.start(on: loop) }
    }

    func stop() {
        probe.shutdown()
        dataWatch?.stop()
        liveEvents?.stop()
    }
}

import Coordinators
import DemoData
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer
import Log
import Models
import Services
import Sessions
import Storage
import ViewModels

/// Builds everything Waypoint needs from its configuration, in an order that leaves nothing
/// behind when start-up fails: first what can be checked without side effects (the data and public
/// folders, the templates, compiled with file:line:column errors), then the listening sockets (a
/// busy port or a bad certificate fails here), and only then the data folder is created, opened
/// (seeding the demo content on first start) and the saved sessions restored. Serving begins with
/// `Application.start()`.
public func buildApplication(
    _ configuration: WaypointConfiguration, options: Application.Options = .init(), logger: Logger? = nil
) throws -> Application {
    let logger = logger ?? Logger(level: configuration.logLevel, format: configuration.logFormat)
    let metrics = AppMetrics(allowed: configuration.metricsAllow)
    let dataFolder = DataFolder(path: configuration.dataDirectory)
    try dataFolder.validate()
    guard DataFolder.isDirectory(configuration.publicDirectory) else {
        throw StartupError.publicFolderMissing(path: configuration.publicDirectory)
    }
    let templates = try TemplateSource(
        directory: configuration.templatesDirectory, reloads: configuration.isDevelopment,
        checkInterval: options.templateCheckInterval, logger: logger)
    let renderer = PageRenderer(templates: templates, logger: logger)
    try renderer.checkErrorPage()

    var serverConfiguration = configuration.serverConfiguration
    if let eventLoops = options.eventLoops { serverConfiguration.eventLoops = eventLoops }
    if let grace = options.shutdownGracePeriod { serverConfiguration.shutdownGracePeriod = grace }
    if let maxConnections = options.maxConnections { serverConfiguration.maxConnections = maxConnections }
    if let handshakeTimeout = options.tlsHandshakeTimeout { serverConfiguration.tls?.handshakeTimeout = handshakeTimeout }
    let secure = serverConfiguration.tls != nil
    let errorPage: HTTPServer.Configuration.ErrorPage = { status, reason in
        renderer.renderedErrorPage(.refused(status, reason: reason), secure: secure)
    }
    serverConfiguration.errorPage = errorPage
    let server = HTTPServer(configuration: serverConfiguration, logger: logger)
    try server.bind()

    let services: AppServices
    do {
        if let warning = dataFolder.permissionWarning() { logger.warning(warning) }
        try dataFolder.create()
        let scheme = configuration.tls == nil ? "http" : "https"
        do {
            var servicesConfiguration = AppServices.Configuration(
                dataDirectory: configuration.dataDirectory, passwordIterations: configuration.passwordIterations,
                seed: DemoSeed(set: configuration.demoData, password: configuration.demoPasswordChoice),
                resetLinkBase: configuration.publicURL?.description
                    ?? (configuration.port == 0 ? "" : "\(scheme)://\(configuration.host):\(configuration.port)"),
                throttles: .init(login: options.loginThrottle), commitObserver: metrics.storeCommits.observe)
            servicesConfiguration.commitWait = options.storeCommitWait
            configuration.sharedStore?.configure(&servicesConfiguration)
            services = try AppServices(
                configuration: servicesConfiguration, clock: options.clock, log: { logger.info($0) },
                warn: { logger.warning($0) })
        } catch let error as StorageError {
            switch error {
            case .locked, .io: throw error
            default: throw StartupError.storeRefused(error, dataDirectory: configuration.dataDirectory)
            }
        }
    } catch {
        server.shutdown()
        throw error
    }
    do {
        return try assemble(
            configuration, options: options, services: services, renderer: renderer, server: server, logger: logger,
            metrics: metrics)
    } catch {
        server.shutdown()
        services.close()
        throw error
    }
}

private func assemble(
    _ configuration: WaypointConfiguration, options: Application.Options, services: AppServices,
    renderer: PageRenderer, server: HTTPServer, logger: Logger, metrics: AppMetrics
) throws -> Application {
    let clock = options.clock
    let throttled = services.throttledAccounts
    let dependencies = AppDependencies(
        catalog: services.catalog, accounts: throttled.accounts,
        accountsForClient: { throttled.accounts(for: $0) },
        today: { UTCDay.calendarDate(clock()) },
        now: { Int64((clock().timeIntervalSince1970 * 1000).rounded(.down)) },
        isDevelopment: configuration.isDevelopment, onNavigationEvent: metrics.navigationEvents.increment)
    let (timeoutSeconds, _) = options.sessionIdleTimeout.components
    let (visitorTimeoutSeconds, _) = options.visitorIdleTimeout.components
    var sessionConfiguration = SessionStore.Configuration(
        maxSignedIn: options.maxSignedInSessions, maxVisitors: options.maxVisitorSessions,
        idleTimeout: timeoutSeconds, shards: options.sessionShards)
    sessionConfiguration.visitorIdleTimeout = visitorTimeoutSeconds
    sessionConfiguration.queueLimit = options.sessionQueueLimit
    let pool = WorkerPool(threads: options.workerThreads)
    let hashingLane = WorkerPool(
        threads: options.hashingThreads, queueLimit: options.hashingQueueLimit, niceness: configuration.hashingNiceness)
    let live = LiveUpdates()
    // With a shared store (Redis) the sessions are shared (their save before an answer parks on the
    // loops), and each request first learns what the other instances changed; alone, sessions live
    // in memory and the data folder's journal.
    let shared = try configuration.sharedStore?.connect(SharedStoreContext(
        services: services, sessionConfiguration: sessionConfiguration, options: options, workers: pool, logger: logger,
        catalogChanged: { json in
            guard let event = try? JSONDecoder().decode(CatalogEvent.self, from: Data(json)) else { return }
            live.publish(event)
        },
        sessionEnded: { live.sessionEnded(tagged: $0, because: $1) }))
    let sessionStore: JournalStore?
    let journal: any SessionPersistence
    let localSessions: SessionStore
    let sessions: any SessionStoring
    let admission: VisitorAdmission
    if let shared {
        sessionStore = nil
        (journal, localSessions, sessions, admission) = (shared.journal, shared.localSessions, shared.sessions, shared.admission)
    } else {
        let store: JournalStore
        do {
            var storeConfiguration = JournalStore.Configuration(
                directory: SessionJournal.directory(inDataDirectory: configuration.dataDirectory))
            storeConfiguration.commitObserver = metrics.storeCommits.observe
            storeConfiguration.commitWait = options.storeCommitWait
            store = try JournalStore(configuration: storeConfiguration)
        } catch let error as StorageError {
            switch error {
            case .locked, .io: throw error
            default: throw StartupError.storeRefused(error, dataDirectory: configuration.dataDirectory)
            }
        }
        sessionStore = store
        journal = SessionJournal(store: store)
        localSessions = SessionStore(configuration: sessionConfiguration, journal: journal)
        sessions = localSessions
        admission = VisitorAdmission(configuration: options.visitorAdmission)
    }
    let seconds: @Sendable () -> Int64 = { Int64(clock().timeIntervalSince1970.rounded(.down)) }
    let archive = SessionArchive(
        sessions: localSessions, journal: journal, legacyFile: SessionFile(directory: configuration.dataDirectory),
        userNavigation: UserNavigation(store: services.store), logger: logger, clock: seconds)
    do {
        try archive.restore()
    } catch {
        sessionStore?.close()
        shared?.stop()
        throw error
    }
    let sharedLive = shared?.liveRelay
    if let sharedLive {
        live.relaySessionEnds { sharedLive.publishSessionEnded(tag: $0, because: $1) }
    }
    let responder = AppResponder(
        dependencies: dependencies, sessions: sessions, userNavigation: archive.userNavigation,
        admission: admission, ipv6CountingPrefix: configuration.ipv6CountingPrefix,
        renderer: renderer, pool: pool, hashingLane: hashingLane,
        queueWaitLimit: options.queueWaitLimit, logger: logger, clock: seconds, sharedState: shared?.synchronizer, metrics: metrics,
        // Ready when the data answers (the journal takes writes; Redis's last connection attempt did
        // not fail) and the templates compile. Never a blocking call: probes run on the event loop.
        readiness: Readiness { [journal = services.journalStore] in
            let storeAnswers = journal?.acceptsWrites ?? shared?.answers ?? true
            return storeAnswers && renderer.templatesLoaded && shared?.isIntact ?? true
        },
        live: live,
        metricsSources: { [weak server] in
            guard let server else { return nil }
            let signedIn = sessions.signedInCount
            return AppMetrics.Sources(
                requests: server.requestStats(), openConnections: server.openConnections,
                visitorSessions: max(0, sessions.count - signedIn), signedInSessions: signedIn,
                workerQueueDepth: pool.queueDepth)
        })
    // Weakly: the catalog outlives nothing, and the responder holds the catalog.
    services.catalog.observe { [weak responder] change in
        switch change {
        case .itemRemoved, .itemMoved: responder?.pruneSessions()
        case .itemAdded, .itemUpdated: break
        }
        // After the pruning: a page told its item is gone finds the stacks already without it.
        let event = CatalogEvent(change)
        live.publish(event)
        sharedLive?.publish(catalogEvent: event.json)
    }
    let files = StaticFileResponder(
        root: configuration.publicDirectory, next: IdentifiedRequestResponder(next: responder),
        configuration: .init(
            freezesTopLevelNames: !configuration.isDevelopment, errorPage: server.configuration.errorPage,
            revalidationInterval: configuration.isDevelopment ? .zero : .seconds(1)))
    let root = IdentifiedResponder(next: files, proxies: configuration.trustedProxies)
    let saver = RepeatingTask(label: "waypoint.sessions.saver", interval: options.saveInterval) { archive.save() }
    // Reset requests another instance queued but never delivered (it stopped first) go out from here.
    let mailSweeper = shared.map { _ in
        RepeatingTask(label: "waypoint.mail.sweeper", interval: options.mailSweepInterval) { services.scheduleMailDelivery() }
    }
    return Application(
        configuration: configuration, services: services, server: server, root: root, responder: responder,
        archive: archive, sessionStore: sessionStore, saver: saver, mailSweeper: mailSweeper, pool: pool,
        hashingLane: hashingLane, logger: logger, shared: shared)
}

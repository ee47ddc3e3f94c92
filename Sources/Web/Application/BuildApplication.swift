import Coordinators
import Foundation
import HTTPServer
import Models
import Services
import ViewModels

/// Builds everything Waypoint needs from its configuration, without starting anything: opens the
/// data folder (seeding the demo content on first start), compiles the templates (failing with
/// file:line:column), restores the saved sessions and wires the responders in front of the server.
public func buildApplication(
    _ configuration: WaypointConfiguration, options: Application.Options = .init(), logger: Logger? = nil
) throws -> Application {
    let logger = logger ?? Logger(level: configuration.logLevel)
    let clock = options.clock
    let templates = try TemplateSource(
        directory: configuration.templatesDirectory, reloads: configuration.isDevelopment, logger: logger)
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    let scheme = configuration.tls == nil ? "http" : "https"
    let services = try AppServices(
        configuration: .init(
            dataDirectory: configuration.dataDirectory, passwordIterations: configuration.passwordIterations,
            resetLinkBase: configuration.publicURL?.description
                ?? (configuration.port == 0 ? "" : "\(scheme)://\(configuration.host):\(configuration.port)"),
            throttles: .init(login: options.loginThrottle)),
        clock: clock, log: { logger.info($0) })
    do {
        return try assemble(configuration, options: options, services: services, templates: templates, logger: logger)
    } catch {
        services.close()
        throw error
    }
}

private func assemble(
    _ configuration: WaypointConfiguration, options: Application.Options, services: AppServices,
    templates: TemplateSource, logger: Logger
) throws -> Application {
    let clock = options.clock
    let accounts = ClientAwareAccounts(services.throttledAccounts)
    let dependencies = AppDependencies(
        catalog: services.catalog, accounts: accounts,
        today: { UTCDay.calendarDate(clock()) },
        now: { Int64((clock().timeIntervalSince1970 * 1000).rounded(.down)) },
        isDevelopment: configuration.isDevelopment)
    let (timeoutSeconds, _) = options.sessionIdleTimeout.components
    let sessions = SessionStore(configuration: .init(
        maxSessions: options.maxSessions, idleTimeout: timeoutSeconds, shards: options.sessionShards))
    let seconds: @Sendable () -> Int64 = { Int64(clock().timeIntervalSince1970.rounded(.down)) }
    let archive = SessionArchive(
        sessions: sessions, file: SessionFile(directory: configuration.dataDirectory), logger: logger, clock: seconds)
    archive.restore()
    let pool = WorkerPool(threads: options.workerThreads)
    let responder = AppResponder(
        dependencies: dependencies, accounts: accounts, sessions: sessions,
        renderer: PageRenderer(templates: templates, logger: logger), pool: pool, logger: logger, clock: seconds)
    services.catalog.observe { change in
        switch change {
        case .itemRemoved, .itemMoved: responder.pruneSessions()
        case .itemAdded, .itemUpdated: break
        }
    }
    var serverConfiguration = configuration.serverConfiguration
    if let eventLoops = options.eventLoops { serverConfiguration.eventLoops = eventLoops }
    if let grace = options.shutdownGracePeriod { serverConfiguration.shutdownGracePeriod = grace }
    if let maxConnections = options.maxConnections { serverConfiguration.maxConnections = maxConnections }
    if let handshakeTimeout = options.tlsHandshakeTimeout { serverConfiguration.tls?.handshakeTimeout = handshakeTimeout }
    let secure = serverConfiguration.tls != nil
    let errorPage: HTTPServer.Configuration.ErrorPage = { status, reason in
        responder.renderer.renderedErrorPage(.refused(status, reason: reason), secure: secure)
    }
    serverConfiguration.errorPage = errorPage
    let server = HTTPServer(
        configuration: serverConfiguration,
        responder: StaticFileResponder(
            root: configuration.publicDirectory, next: responder,
            configuration: .init(freezesTopLevelNames: !configuration.isDevelopment, errorPage: errorPage)),
        logger: logger)
    let saver = SessionSaver(interval: options.saveInterval) { archive.save(force: false) }
    return Application(
        configuration: configuration, services: services, server: server, responder: responder, archive: archive,
        saver: saver, pool: pool, logger: logger)
}

import HTTPServer
import Log
import Networking
import Services
import Sessions

/// Where the state of several instances serving one site lives (Redis: `RedisState`'s
/// `RedisSharedStore`), as `buildApplication` sees it. Nil in `WaypointConfiguration.sharedStore`
/// keeps the embedded store in the data folder. Web never names the store: the composition (the
/// command line, tests) picks one and `buildApplication` asks it for its parts.
public protocol SharedStore: Sendable {
    /// Points the services (catalog, accounts, outbox) at the shared store.
    func configure(_ services: inout AppServices.Configuration)

    /// Once the services are open: the sessions, admission and the per-request synchronization over
    /// the shared store, and its background work. Throws when the store refuses.
    func connect(_ context: SharedStoreContext) throws -> any SharedStoreConnection

    /// `WaypointConfiguration`'s equality.
    func isEqual(to other: any SharedStore) -> Bool
}

/// What connecting to a shared store is given.
public struct SharedStoreContext: Sendable {
    public let services: AppServices
    public let sessionConfiguration: SessionStore.Configuration
    public let options: Application.Options
    /// The workers, where a session's blocking save runs while its loop has no connection.
    public let workers: WorkerPool
    public let logger: Logger
    /// Hands another instance's catalog change (`CatalogEvent`'s JSON) to the open pages here.
    public let catalogChanged: @Sendable ([UInt8]) -> Void
    /// Hands another instance's end of a session (its tag, and `signed-out` or `signed-in`) to the
    /// open pages here.
    public let sessionEnded: @Sendable (_ tag: String, _ reason: String) -> Void
}

/// A shared store, connected: what the app runs with.
public protocol SharedStoreConnection: AnyObject, Sendable {
    /// The sessions as requests see them (saved to the shared store before each answer).
    var sessions: any SessionStoring { get }
    /// The sessions held in this instance's memory, which the archive restores and saves.
    var localSessions: SessionStore { get }
    /// Where the archive saves them.
    var journal: any SessionPersistence { get }
    /// Visitor admission, counted in the shared store.
    var admission: VisitorAdmission { get }
    /// What each request learns before it is served.
    var synchronizer: any SharedStateSynchronizing { get }
    /// Live events to the other instances; nil when they are not shared.
    var liveRelay: (any SharedLiveRelay)? { get }
    /// Whether the store answers now. Never blocks: asked on the event loop by `/readyz`.
    var answers: Bool { get }
    /// False once the store no longer holds the data this instance started with.
    var isIntact: Bool { get }
    /// Starts the background work; `loop`: one of the server's, for subscriptions.
    func start(on loop: (any EventLoopScheduler)?)
    /// Stops it, at shutdown.
    func stop()
}

/// Tells the other instances what happened here, without waiting for the store.
public protocol SharedLiveRelay: Sendable {
    /// A catalog change made here, as `CatalogEvent`'s JSON.
    func publish(catalogEvent json: String)
    /// A session of this instance ended (`reason`: `signed-out` or `signed-in`), named by its tag.
    func publishSessionEnded(tag: String, because reason: String)
}

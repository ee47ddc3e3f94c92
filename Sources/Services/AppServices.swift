import Foundation
import Storage

/// The data side of Waypoint opened from one data directory: the store in `<data>/store`, mail in
/// `<data>/outbox`, and the services over them, seeded with the demo content on first start.
public final class AppServices: Sendable {
    public struct Configuration: Sendable {
        public var dataDirectory: String
        public var passwordIterations: Int
        /// Scheme and host for links in mails, e.g. `http://127.0.0.1:8080`.
        public var resetLinkBase: String
        public var seedDemoData: Bool
        public var snapshotThreshold: Int
        public var loginThrottle: LoginThrottle.Configuration

        public init(
            dataDirectory: String, passwordIterations: Int = PasswordHasher.defaultIterations, resetLinkBase: String = "",
            seedDemoData: Bool = true, snapshotThreshold: Int = 8 << 20,
            loginThrottle: LoginThrottle.Configuration = .init()
        ) {
            self.dataDirectory = dataDirectory
            self.passwordIterations = passwordIterations
            self.resetLinkBase = resetLinkBase
            self.seedDemoData = seedDemoData
            self.snapshotThreshold = snapshotThreshold
            self.loginThrottle = loginThrottle
        }
    }

    public let store: JournalStore
    public let catalog: CatalogService
    public let accounts: AccountService
    /// Sign-in with throttling: what the login form should call.
    public let login: ThrottledLogin
    public let outbox: Outbox
    /// True when this start seeded the demo content.
    public let seeded: Bool

    /// Opens the store (reporting any repaired journal tail through `log`) and builds the services.
    public init(
        configuration: Configuration, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        store = try JournalStore(configuration: .init(
            directory: configuration.dataDirectory + "/store", snapshotThreshold: configuration.snapshotThreshold))
        log("store opened: \(store.recovery)")
        outbox = Outbox(directory: configuration.dataDirectory + "/outbox", clock: clock)
        catalog = try CatalogService(store: store, clock: clock)
        accounts = try AccountService(
            store: store, outbox: outbox,
            configuration: .init(passwordIterations: configuration.passwordIterations, resetLinkBase: configuration.resetLinkBase),
            clock: clock, log: log)
        login = ThrottledLogin(accounts: accounts, configuration: configuration.loginThrottle, clock: clock)
        seeded = configuration.seedDemoData
            ? try DemoData.seedIfEmpty(store: store, catalog: catalog, accounts: accounts) : false
        if seeded { log("seeded the demo catalog and the user \(DemoData.username)") }
    }

    /// Releases the store's files (and its directory lock).
    public func close() {
        store.close()
    }
}

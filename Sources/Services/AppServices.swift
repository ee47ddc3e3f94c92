#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient
import Storage

/// The data side of Waypoint opened from one data directory: the store in `<data>/store`, mail in
/// `<data>/outbox`, and the services over them, seeded with the demo content on first start.
public final class AppServices: Sendable {
    public struct Configuration: Sendable {
        public var dataDirectory: String
        public var passwordIterations: Int
        /// Scheme and host for links in mails, e.g. `http://127.0.0.1:8080`.
        public var resetLinkBase: String
        /// What an empty store is seeded with (the demo content, from `DemoData`); nil: nothing.
        public var seed: (any StoreSeed)?
        public var snapshotThreshold: Int
        /// Told each group commit's duration in seconds (for metrics).
        public var commitObserver: (@Sendable (Double) -> Void)?
        /// How long a write waits behind the group commit in progress (`JournalStore.Configuration.commitWait`).
        public var commitWait: Duration = .seconds(5)
        public var throttles: ThrottledAccounts.Configuration
        /// Keeps accounts and the catalog in this Redis instead of `<data>/store`.
        public var redis: RedisConfiguration?

        public init(
            dataDirectory: String, passwordIterations: Int = PasswordHasher.defaultIterations,
            seed: (any StoreSeed)?, resetLinkBase: String = "", snapshotThreshold: Int = 8 << 20,
            throttles: ThrottledAccounts.Configuration = .init(), redis: RedisConfiguration? = nil,
            commitObserver: (@Sendable (Double) -> Void)? = nil
        ) {
            self.redis = redis
            self.dataDirectory = dataDirectory
            self.passwordIterations = passwordIterations
            self.resetLinkBase = resetLinkBase
            self.seed = seed
            self.snapshotThreshold = snapshotThreshold
            self.throttles = throttles
            self.commitObserver = commitObserver
        }
    }

    public let store: any KeyValueStore
    /// The embedded store, when there is no Redis.
    public let journalStore: JournalStore?
    /// The shared store, with `--redis-url`.
    public let redisStore: RedisStore?
    public let catalog: CatalogService
    public let accounts: AccountService
    /// Sign-in, registration and password resets behind per-client throttles: what forms should call.
    public let throttledAccounts: ThrottledAccounts
    public let outbox: Outbox
    /// True when this start seeded the demo content.
    public let seeded: Bool
    /// With Redis: the marker of the data it held when this instance started (see `joinStartMarker`).
    public let redisStartMarker: String?
    private let mail: MailQueue

    /// The store's folder inside a data folder.
    public static func storeDirectory(inDataDirectory dataDirectory: String) -> String {
        dataDirectory + "/store"
    }

    /// Opens the store and builds the services. A clean open is reported through `log`; a cut
    /// torn tail (or a discarded stale journal) through `warn`. A damaged store throws.
    public init(
        configuration: Configuration, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = { _ in }, warn: (@Sendable (String) -> Void)? = nil
    ) throws {
        if let redis = configuration.redis {
            let redisStore = try Self.openRedis(redis, log: log)
            (store, journalStore, self.redisStore) = (redisStore, nil, redisStore)
        } else {
            var journalConfiguration = JournalStore.Configuration(
                directory: Self.storeDirectory(inDataDirectory: configuration.dataDirectory),
                snapshotThreshold: configuration.snapshotThreshold)
            journalConfiguration.commitObserver = configuration.commitObserver
            journalConfiguration.commitWait = configuration.commitWait
            let journal = try JournalStore(configuration: journalConfiguration)
            if journal.recovery.isClean {
                log("store opened: \(journal.recovery)")
            } else {
                (warn ?? log)("store opened after recovery: \(journal.recovery)")
            }
            (store, journalStore, redisStore) = (journal, journal, nil)
        }
        let mail = MailQueue(log: log)
        self.mail = mail
        outbox = Outbox(directory: configuration.dataDirectory + "/outbox", clock: clock)
        catalog = try CatalogService(store: store, clock: clock, idCounter: redisStore)
        accounts = try AccountService(
            store: store, outbox: outbox,
            configuration: .init(passwordIterations: configuration.passwordIterations, resetLinkBase: configuration.resetLinkBase),
            clock: clock, log: log, background: mail.submit, sharedIndex: redisStore,
            resetQueue: redisStore.map { SharedResetQueue(pool: $0.pool, capacity: mail.capacity) })
        throttledAccounts = ThrottledAccounts(
            accounts: accounts, configuration: configuration.throttles,
            throttles: redisStore.map { RedisAccountThrottles(pool: $0.pool, configuration: configuration.throttles) },
            clock: clock)
        let seed = { [store, catalog, accounts, configuration] in
            try configuration.seed?.seedIfEmpty(store: store, catalog: catalog, accounts: accounts) ?? false
        }
        let markerFile = RedisStartMarkerFile(dataDirectory: configuration.dataDirectory)
        if let redisStore, markerFile.read() != nil, try redisStore.currentStartMarker() == nil, redisStore.isEmpty {
            throw RedisLostItsData(markerFile: markerFile.path)
        }
        if configuration.seed == nil {
            seeded = false
        } else if let redisStore {
            seeded = try redisStore.claimingFirstStart(seed)
        } else {
            seeded = try seed()
        }
        if let redisStore {
            let marker = try redisStore.joinStartMarker()
            try markerFile.write(marker)
            redisStartMarker = marker
        } else {
            redisStartMarker = nil
        }
        if seeded, let seedUsed = configuration.seed {
            log(seedUsed.seededMessage)
            if let warning = seedUsed.seededWarning { (warn ?? log)(warning) }
        }
        // Whatever other instances wrote while this one opened (their first start included) is read now.
        try synchronize()
    }

    /// Returns once every reset request made here so far has written its token and mail (with
    /// Redis: once the deliveries they started have run, whichever instance's mail they wrote).
    public func waitForQueuedMail() {
        mail.drain()
    }

    /// With Redis: claims the reset requests waiting in the shared queue, whichever instance
    /// queued them, and returns once their mails are written here. Without Redis, does nothing.
    public func deliverQueuedMail() {
        guard redisStore != nil else { return }
        mail.submit { [accounts] in accounts.deliverQueuedResets() }
        mail.drain()
    }

    /// With Redis: starts a delivery on the mail lane, unless one is waiting already. Run
    /// periodically, so requests queued by an instance that stopped before delivering go out too.
    public func scheduleMailDelivery() {
        accounts.scheduleDelivery()
    }

    /// Finishes the queued mail, then releases the store's files (and its directory lock).
    public func close() {
        waitForQueuedMail()
        journalStore?.close()
        redisStore?.pool.close()
    }
}

import Services
import Storage

/// The demo content as the store's seed: one of the `DemoDataSet`s and the `demo` administrator
/// with its password, chosen once when the configuration is made (a random one is only shown if
/// it is used).
public struct DemoSeed: StoreSeed {
    public let set: DemoDataSet
    private let password: String
    private let printsPassword: Bool

    public init(set: DemoDataSet = .library, password: DemoPassword = .published) {
        self.set = set
        (self.password, printsPassword) = password.resolve()
    }

    public func seedIfEmpty(store: any KeyValueStore, catalog: CatalogService, accounts: AccountService) throws -> Bool {
        try DemoData.seedIfEmpty(store: store, catalog: catalog, accounts: accounts, set: set, password: password)
    }

    public var seededMessage: String { "seeded the \(set.rawValue) demo catalog and the user \(DemoData.username)" }

    /// The only time a random password is shown: the server listens beyond loopback, where the
    /// published one would let anyone in as an administrator.
    public var seededWarning: String? {
        printsPassword
            ? "the user \(DemoData.username) has the password \(password) (printed once; set WAYPOINT_DEMO_PASSWORD to choose one)"
            : nil
    }
}

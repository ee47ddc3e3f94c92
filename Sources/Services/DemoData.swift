import Models
import Storage

/// The content a new data folder starts with: one of the `DemoDataSet`s, plus a demo account so
/// people (and the benchmark) can sign in.
///
/// The demo account is an administrator and the seeded items have no creator, so only
/// administrators may change them. A data folder seeded before roles existed keeps its `demo`
/// account as it is stored (no administrator): a name alone is no proof the account was seeded.
public enum DemoData {
    public static let username = "demo"
    public static let password = "demo-password"
    public static let email = "demo@example.com"
    public static let displayName = "Demo User"

    public static func categories(_ set: DemoDataSet) -> [Category] {
        switch set {
        case .library: LibraryData.categories()
        case .benchmark: BenchmarkData.categories()
        }
    }

    public static func items(_ set: DemoDataSet) -> [Item] {
        switch set {
        case .library: LibraryData.items()
        case .benchmark: BenchmarkData.items()
        }
    }

    /// Seeds the catalog with `set` and the demo account (with `password`) when `store` has never
    /// held anything; returns whether it did. A folder seeded once keeps its content whatever
    /// `set` says later, and one that lost its content (a repair that kept nothing, everything
    /// deleted) is never seeded again: that would bring back an administrator with a known password.
    @discardableResult
    public static func seedIfEmpty(
        store: any KeyValueStore, catalog: CatalogService, accounts: AccountService, set: DemoDataSet = .library,
        password: String = password
    ) throws -> Bool {
        guard store.isEmpty, !store.hasHeldData else { return false }
        try catalog.importCatalog(categories: categories(set), items: items(set))
        _ = try accounts.register(
            username: username, email: email, password: password, settings: Settings(displayName: displayName),
            isAdministrator: true)
        return true
    }
}

import Models
import Services
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
    /// Items per durable write when seeding (a few megabytes of journal each).
    static let seedBatch = 25_000

    public static func categories(_ set: DemoDataSet) -> [Category] {
        switch set.kind {
        case .library: LibraryData.categories()
        case .benchmark: BenchmarkData.categories()
        case .shelf: ShelfData.categories()
        }
    }

    public static func items(_ set: DemoDataSet) -> [Item] {
        switch set.kind {
        case .library: LibraryData.items()
        case .benchmark: BenchmarkData.items()
        case .shelf(let count): ShelfData.items(count: count)
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
        // In batches: a million items in one journal record would pass the record size limit.
        let items = items(set)
        var start = 0
        repeat {
            let end = min(start + Self.seedBatch, items.count)
            try catalog.importCatalog(categories: start == 0 ? categories(set) : [], items: Array(items[start..<end]))
            start = end
        } while start < items.count
        _ = try accounts.register(
            username: username, email: email, password: password, settings: Settings(displayName: displayName),
            isAdministrator: true)
        return true
    }
}

import Storage

/// What a new store starts with. Services opens and seeds the store but knows no content: the
/// demo library lives in the `DemoData` module, which the application passes in as one of these.
public protocol StoreSeed: Sendable {
    /// Seeds `catalog` and `accounts` when `store` has never held anything; returns whether it did.
    func seedIfEmpty(store: any KeyValueStore, catalog: CatalogService, accounts: AccountService) throws -> Bool
    /// What the log says when this start seeded the store.
    var seededMessage: String { get }
    /// A line the operator must see once after seeding (a made-up password), or nil.
    var seededWarning: String? { get }
}

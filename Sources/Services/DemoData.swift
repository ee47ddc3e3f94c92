import Models
import Storage

/// The deterministic demo content of the benchmark page (see PAGE_SPEC.md), plus a demo account
/// so the benchmark can sign in.
///
/// The demo account is an administrator and the seeded items have no creator, so only
/// administrators may change them. A data folder seeded before roles existed keeps its `demo`
/// account as it is stored (no administrator): a name alone is no proof the account was seeded.
public enum DemoData {
    public static let categoryCount = 8
    public static let itemsPerCategory = 50
    public static let detailRowsPerItem = 10
    public static let username = "demo"
    public static let password = "demo-password"
    public static let email = "demo@example.com"
    public static let displayName = "Demo User"

    public static func categories() -> [Category] {
        (1...categoryCount).map { Category(id: CategoryID("category-\($0)"), name: "Category \($0)") }
    }

    /// Item n of category c has the global id (c - 1) * 50 + n.
    public static func items() -> [Item] {
        (1...categoryCount).flatMap { category in
            (1...itemsPerCategory).map { number in
                Item(
                    id: ItemID((category - 1) * itemsPerCategory + number),
                    category: CategoryID("category-\(category)"),
                    title: "Item \(number) <\(category)>",
                    subtitle: "Subtitle of item \(number) in Category \(category) & friends",
                    createdAt: CalendarDate(year: 2026, month: 1, day: number % 28 + 1),
                    details: (1...detailRowsPerItem).map { DetailRow(key: "Field \($0)", value: "Value \($0) of item \(number)") })
            }
        }
    }

    /// Seeds the catalog and the demo account when `store` holds nothing at all; returns whether it did.
    @discardableResult
    public static func seedIfEmpty(store: any KeyValueStore, catalog: CatalogService, accounts: AccountService) throws -> Bool {
        guard store.isEmpty else { return false }
        try catalog.importCatalog(categories: categories(), items: items())
        _ = try accounts.register(
            username: username, email: email, password: password, settings: Settings(displayName: displayName),
            isAdministrator: true)
        return true
    }
}

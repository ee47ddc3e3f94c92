/// What a Library page lists, read at one moment: every category with its item count, and the
/// items of the selected one. One read instead of one per category keeps pages consistent while
/// writers work, and keeps concurrent pages from queueing on the catalog many times each.
public struct CatalogSnapshot: Sendable {
    /// In sidebar order.
    public var categories: [Category]
    /// `itemCounts[i]` belongs to `categories[i]`.
    public var itemCounts: [Int]
    /// The selected category, if it exists.
    public var selected: Category?
    /// The selected category's items, in id order.
    public var items: [Item]

    public init(categories: [Category], itemCounts: [Int], selected: Category?, items: [Item]) {
        self.categories = categories
        self.itemCounts = itemCounts
        self.selected = selected
        self.items = items
    }
}

extension CatalogRepository {
    /// Assembled from the single reads; a repository with one lock should read it in one go.
    public func snapshot(selecting category: CategoryID?) -> CatalogSnapshot {
        let categories = categories()
        let selected = category.flatMap { self.category($0) }
        return CatalogSnapshot(
            categories: categories, itemCounts: categories.map { itemCount(in: $0.id) }, selected: selected,
            items: selected.map { items(in: $0.id) } ?? [])
    }
}

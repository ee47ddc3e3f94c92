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
    /// The selected category's items in `order` from `firstPosition`: all of them, or a stretch
    /// holding (at least) the page asked for.
    public var items: [Item]
    /// How many items the selected category holds (not just `items`).
    public var itemCount: Int
    /// Where `items` start in the whole ordered list.
    public var firstPosition: Int
    public var order: ItemOrder

    /// Every item of the selected category, in id order.
    public init(categories: [Category], itemCounts: [Int], selected: Category?, items: [Item]) {
        self.init(
            categories: categories, itemCounts: itemCounts, selected: selected, items: items, itemCount: items.count,
            firstPosition: 0, order: .id)
    }

    public init(
        categories: [Category], itemCounts: [Int], selected: Category?, items: [Item], itemCount: Int, firstPosition: Int,
        order: ItemOrder
    ) {
        self.categories = categories
        self.itemCounts = itemCounts
        self.selected = selected
        self.items = items
        self.itemCount = itemCount
        self.firstPosition = firstPosition
        self.order = order
    }

    /// The positions of page `page` (from 1, clamped to the pages there are) of `pageSize` items
    /// in a list of `itemCount`: what a windowed snapshot holds.
    public static func window(page: Int, pageSize: Int, itemCount: Int) -> Range<Int> {
        let pages = max(1, (itemCount + pageSize - 1) / pageSize)
        let start = (min(max(page, 1), pages) - 1) * pageSize
        return min(start, itemCount)..<min(start + pageSize, itemCount)
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

    /// Sorts the whole category: a repository that keeps its orders should answer in one slice.
    public func snapshot(selecting category: CategoryID?, order: ItemOrder, page: Int, pageSize: Int) -> CatalogSnapshot {
        var snapshot = snapshot(selecting: category)
        let all = order.sorted(snapshot.items)
        let window = CatalogSnapshot.window(page: page, pageSize: pageSize, itemCount: all.count)
        snapshot.items = Array(all[window])
        snapshot.firstPosition = window.lowerBound
        snapshot.order = order
        return snapshot
    }

    /// Sorts the whole category; see `snapshot(selecting:order:page:pageSize:)`.
    public func items(in category: CategoryID, order: ItemOrder, positions: Range<Int>) -> [Item] {
        let all = order.sorted(items(in: category))
        return Array(all[all.indices.clamped(to: positions)])
    }

    /// Sorts the whole category; see `snapshot(selecting:order:page:pageSize:)`.
    public func position(of item: ItemID, in category: CategoryID, order: ItemOrder) -> Int? {
        order.sorted(items(in: category)).firstIndex { $0.id == item }
    }
}

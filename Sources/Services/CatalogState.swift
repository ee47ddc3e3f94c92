import Models

/// The catalog as the service serves it: per-category arrays sorted by id, so a page's list is a
/// copy-on-write reference, a count is O(1) and a look-up is a binary search.
struct CatalogState: Sendable {
    private(set) var categories: [Category] = []
    private(set) var itemsByCategory: [CategoryID: [Item]] = [:]
    private(set) var locations: [ItemID: CategoryID] = [:]
    private(set) var nextItemID = 1

    init() {}

    /// `nextItemID` is a floor: the next id is above every item's id in any case.
    init(categories: [Category], items: [Item], nextItemID: Int = 1) {
        self.categories = categories
        for category in categories { itemsByCategory[category.id] = [] }
        for item in items.sorted(by: { $0.id < $1.id }) {
            itemsByCategory[item.category, default: []].append(item)
            locations[item.id] = item.category
        }
        self.nextItemID = max(nextItemID, (items.map(\.id.rawValue).max() ?? 0) + 1)
    }

    func category(_ id: CategoryID) -> Category? {
        categories.first { $0.id == id }
    }

    func item(_ id: ItemID) -> Item? {
        guard let category = locations[id], let items = itemsByCategory[category],
            let index = Self.index(of: id, in: items)
        else { return nil }
        return items[index]
    }

    /// Where the category sits in the sidebar: its current place, or the end for a new one.
    func position(of category: CategoryID) -> Int {
        categories.firstIndex { $0.id == category } ?? categories.count
    }

    /// Renames a known category in place, or appends a new one.
    mutating func upsert(_ category: Category) {
        if let index = categories.firstIndex(where: { $0.id == category.id }) {
            categories[index] = category
        } else {
            categories.append(category)
            itemsByCategory[category.id] = itemsByCategory[category.id] ?? []
        }
    }

    /// Inserts or replaces, keeping the category's array sorted by id.
    mutating func upsert(_ item: Item) {
        if let previous = locations[item.id], previous != item.category {
            remove(item.id)
        }
        var items = itemsByCategory[item.category] ?? []
        let position = Self.insertionPoint(of: item.id, in: items)
        if position < items.count, items[position].id == item.id {
            items[position] = item
        } else {
            items.insert(item, at: position)
        }
        itemsByCategory[item.category] = items
        locations[item.id] = item.category
        nextItemID = max(nextItemID, item.id.rawValue + 1)
    }

    mutating func remove(_ id: ItemID) {
        guard let category = locations.removeValue(forKey: id),
            let index = itemsByCategory[category].flatMap({ Self.index(of: id, in: $0) })
        else { return }
        itemsByCategory[category]?.remove(at: index)
    }

    private static func index(of id: ItemID, in items: [Item]) -> Int? {
        let position = insertionPoint(of: id, in: items)
        return position < items.count && items[position].id == id ? position : nil
    }

    /// The first position whose id is not below `id`.
    private static func insertionPoint(of id: ItemID, in items: [Item]) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

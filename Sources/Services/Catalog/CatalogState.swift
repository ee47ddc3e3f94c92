import Models

/// The catalog as the service serves it: a `Shelf` per category (its items in each list order)
/// and where each item lives. Reads and writes are made in place under the service's lock, and
/// nothing hands out a reference to a shelf, so no write ever copies one: adding, changing or
/// removing an item costs one chunk of each order, and a page is a slice.
struct CatalogState: Sendable {
    private(set) var categories: [Category] = []
    private var shelves: [CategoryID: Shelf] = [:]
    private(set) var locations = ItemLocations()
    private(set) var nextItemID = 1

    init() {}

    /// `nextItemID` is a floor: the next id is above every item's id in any case. The items are
    /// put in order by sorting their ids (plain integers), then each is copied once into its shelf.
    init(categories: [Category], items: [Item], nextItemID: Int = 1) {
        self.categories = categories
        for category in categories { shelves[category.id] = Shelf() }
        var order = items.indices.map { (id: items[$0].id.rawValue, index: $0) }
        order.sort { $0.id < $1.id }
        locations.reserveCapacity(order.last?.id ?? 0)
        // Items of one category mostly come in runs: the shelf is looked up once per run.
        var current: (category: CategoryID, shelf: Shelf)?
        for (_, index) in order {
            let item = items[index]
            if current?.category != item.category {
                if let (category, shelf) = current { shelves[category] = shelf }
                current = (item.category, shelves.removeValue(forKey: item.category) ?? Shelf())
            }
            current!.shelf.append(item)
            locations.set(item.id, to: item.category)
        }
        if let (category, shelf) = current { shelves[category] = shelf }
        self.nextItemID = max(nextItemID, (order.last?.id ?? 0) + 1)
    }

    func category(_ id: CategoryID) -> Category? {
        categories.first { $0.id == id }
    }

    func item(_ id: ItemID) -> Item? {
        guard let category = locations[id] else { return nil }
        return shelves[category]?.item(id)
    }

    func itemCount(in category: CategoryID) -> Int {
        shelves[category]?.count ?? 0
    }

    /// Every item of the category by id: a copy of the whole shelf.
    func items(in category: CategoryID) -> [Item] {
        shelves[category]?.all ?? []
    }

    /// Mutating: a shelf builds an order the first time a page asks for it.
    mutating func items(in category: CategoryID, order: ItemOrder, positions: Range<Int>) -> [Item] {
        shelves[category]?.items(order, at: positions) ?? []
    }

    /// A stretch of the category's list holding `positions`, and where it starts (see `Shelf`).
    mutating func stretch(in category: CategoryID, order: ItemOrder, covering positions: Range<Int>) -> (items: [Item], start: Int) {
        shelves[category]?.stretch(order, covering: positions) ?? ([], 0)
    }

    mutating func position(of item: ItemID, in category: CategoryID, order: ItemOrder) -> Int? {
        shelves[category]?.position(of: item, in: order)
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
            if shelves[category.id] == nil { shelves[category.id] = Shelf() }
        }
    }

    /// Inserts or replaces, moving the item when its category changed.
    mutating func upsert(_ item: Item) {
        if let previous = locations[item.id], previous != item.category {
            remove(item.id)
        }
        shelves[item.category, default: Shelf()].upsert(item)
        locations.set(item.id, to: item.category)
        nextItemID = max(nextItemID, item.id.rawValue + 1)
    }

    mutating func remove(_ id: ItemID) {
        guard let category = locations.remove(id) else { return }
        shelves[category]?.remove(id)
    }

    /// Raises the floor for new ids (never lowers it).
    mutating func noteNextItemID(_ next: Int) {
        nextItemID = max(nextItemID, next)
    }
}

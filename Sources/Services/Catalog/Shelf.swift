import Models

/// One category's items, kept in each order its list can be shown in: by id (the items
/// themselves), and, once a page first asks for them, by title and newest first (keys pointing
/// back by id). A page is a slice found by binary search; writing one item moves one chunk of
/// each order, never the whole shelf.
struct Shelf: Sendable {
    private(set) var byID = ChunkedList<Item>()
    private var byTitle: ChunkedList<TitleKey>?
    private var byNewest: ChunkedList<NewestKey>?

    init() {}

    /// Adds an item whose id is above every other here (loading in id order).
    mutating func append(_ item: Item) {
        precondition(byID.isEmpty || byID[byID.count - 1].id < item.id, "appended out of id order")
        byID.insert(item, at: byID.count)
        Self.insert(TitleKey(item), into: &byTitle)
        Self.insert(NewestKey(item), into: &byNewest)
    }

    var count: Int { byID.count }

    func item(_ id: ItemID) -> Item? {
        let position = positionByID(id)
        return position < byID.count && byID[position].id == id ? byID[position] : nil
    }

    /// Every item by id: the whole shelf copied, for tools and tests.
    var all: [Item] { byID.all }

    /// Inserts `item`, or replaces the one with its id.
    mutating func upsert(_ item: Item) {
        let position = positionByID(item.id)
        if position < byID.count, byID[position].id == item.id {
            let previous = byID[position]
            byID.replace(at: position, with: item)
            if previous.title != item.title, byTitle != nil {
                Self.remove(TitleKey(previous), from: &byTitle)
                Self.insert(TitleKey(item), into: &byTitle)
            }
            if previous.createdAt != item.createdAt, byNewest != nil {
                Self.remove(NewestKey(previous), from: &byNewest)
                Self.insert(NewestKey(item), into: &byNewest)
            }
        } else {
            byID.insert(item, at: position)
            Self.insert(TitleKey(item), into: &byTitle)
            Self.insert(NewestKey(item), into: &byNewest)
        }
    }

    /// Removes and returns the item with `id`, if it is here.
    @discardableResult
    mutating func remove(_ id: ItemID) -> Item? {
        let position = positionByID(id)
        guard position < byID.count, byID[position].id == id else { return nil }
        let item = byID.remove(at: position)
        Self.remove(TitleKey(item), from: &byTitle)
        Self.remove(NewestKey(item), from: &byNewest)
        return item
    }

    /// The items at `positions` (clamped) in `order`. Mutating: the first read of an order builds it.
    mutating func items(_ order: ItemOrder, at positions: Range<Int>) -> [Item] {
        switch order {
        case .id:
            return byID.elements(in: positions)
        case .title:
            return titleOrder().elements(in: positions).compactMap { item($0.id) }
        case .newest:
            return newestOrder().elements(in: positions).compactMap { item($0.id) }
        }
    }

    /// A stretch of the list in `order` holding `positions` (clamped), and where it starts: by id,
    /// the chunk holding them when one does (shared, not copied); otherwise just those items.
    mutating func stretch(_ order: ItemOrder, covering positions: Range<Int>) -> (items: [Item], start: Int) {
        if order == .id {
            let stretch = byID.stretch(covering: positions)
            return (stretch.elements, stretch.start)
        }
        return (items(order, at: positions), min(max(0, positions.lowerBound), count))
    }

    /// Where the item with `id` stands in `order`; nil when it is not here.
    mutating func position(of id: ItemID, in order: ItemOrder) -> Int? {
        guard let item = item(id) else { return nil }
        switch order {
        case .id:
            return positionByID(id)
        case .title:
            let key = TitleKey(item)
            return titleOrder().partitionPoint { !$0.precedes(key) }
        case .newest:
            let key = NewestKey(item)
            return newestOrder().partitionPoint { !$0.precedes(key) }
        }
    }

    private func positionByID(_ id: ItemID) -> Int {
        byID.partitionPoint { $0.id >= id }
    }

    private mutating func titleOrder() -> ChunkedList<TitleKey> {
        if byTitle == nil { byTitle = build() }
        return byTitle!
    }

    private mutating func newestOrder() -> ChunkedList<NewestKey> {
        if byNewest == nil { byNewest = build() }
        return byNewest!
    }

    private func build<Key: ShelfKey>() -> ChunkedList<Key> {
        ChunkedList(byID.all.map { Key($0) }.sorted { $0.precedes($1) })
    }

    /// Inserts into an order that has been built; one not built yet is left for its first read.
    private static func insert<Key: ShelfKey>(_ key: Key, into list: inout ChunkedList<Key>?) {
        guard list != nil else { return }
        let position = list!.partitionPoint { !$0.precedes(key) }
        list!.insert(key, at: position)
    }

    private static func remove<Key: ShelfKey>(_ key: Key, from list: inout ChunkedList<Key>?) {
        guard list != nil else { return }
        let position = list!.partitionPoint { !$0.precedes(key) }
        if position < list!.count, list![position].id == key.id { list!.remove(at: position) }
    }
}

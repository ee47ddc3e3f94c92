import Models

/// An entry of one of a shelf's orders: unique by id, in the order `precedes` defines.
protocol ShelfKey: Sendable {
    init(_ item: Item)
    var id: ItemID { get }
    func precedes(_ other: Self) -> Bool
}

/// A title-order entry: what the order compares, and the id to find the item by.
struct TitleKey: ShelfKey {
    var title: String
    var id: ItemID

    init(_ item: Item) {
        title = item.title
        id = item.id
    }

    func precedes(_ other: TitleKey) -> Bool {
        ItemOrder.titlePrecedes(title, id, other.title, other.id)
    }
}

/// A newest-first entry: the creation day packed into one number, and the id.
struct NewestKey: ShelfKey {
    var day: Int32
    var id: ItemID

    init(_ item: Item) {
        day = Int32(truncatingIfNeeded: (item.createdAt.year * 16 + item.createdAt.month) * 32 + item.createdAt.day)
        id = item.id
    }

    /// Packed, the days compare as `CalendarDate` does for any real date.
    func precedes(_ other: NewestKey) -> Bool {
        (day, id.rawValue) > (other.day, other.id.rawValue)
    }
}

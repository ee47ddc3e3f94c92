/// The orders a category's list can be shown in.
public enum ItemOrder: String, Hashable, Sendable, Codable, CaseIterable {
    /// Insertion order: ids only grow.
    case id
    /// Titles as people count ("Item 2" before "Item 10"), ties by id.
    case title
    /// The latest creation day first, ties by the higher id.
    case newest

    /// Whether `lhs` comes before `rhs` in this order.
    public func precedes(_ lhs: Item, _ rhs: Item) -> Bool {
        switch self {
        case .id: lhs.id < rhs.id
        case .title: Self.titlePrecedes(lhs.title, lhs.id, rhs.title, rhs.id)
        case .newest: Self.newestPrecedes(lhs.createdAt, lhs.id, rhs.createdAt, rhs.id)
        }
    }

    public static func titlePrecedes(_ lhsTitle: String, _ lhsID: ItemID, _ rhsTitle: String, _ rhsID: ItemID) -> Bool {
        switch NaturalOrder.compare(lhsTitle, rhsTitle) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: lhsID < rhsID
        }
    }

    public static func newestPrecedes(_ lhsDate: CalendarDate, _ lhsID: ItemID, _ rhsDate: CalendarDate, _ rhsID: ItemID) -> Bool {
        (lhsDate, lhsID) > (rhsDate, rhsID)
    }

    /// `items` in this order (a copy; the repository keeps its own orders ready).
    public func sorted(_ items: [Item]) -> [Item] {
        if self == .id, items.indices.dropFirst().allSatisfy({ items[$0 - 1].id < items[$0].id }) { return items }
        return items.sorted(by: precedes)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Coordinators
import Models
import Services

/// A catalog change as open pages hear of it: which item, on which shelf, and its title for the
/// announcement. The page decides whether it shows that shelf or item.
struct CatalogEvent: Codable, Equatable, Sendable {
    enum Change: String, Codable, Sendable {
        case added, updated, removed, moved
    }

    var change: Change
    var item: Int
    /// The shelf it is on now (for `moved`, the one it went to).
    var category: String
    /// For `moved`, the shelf it left.
    var from: String?
    var title: String?
    /// The shelf's list, as its route prints: where a page showing a deleted item goes.
    var list: String

    init(_ change: CatalogChange) {
        switch change {
        case .itemAdded(let item):
            self.init(change: .added, item: item.id, category: item.category, title: item.title)
        case .itemUpdated(let item):
            self.init(change: .updated, item: item.id, category: item.category, title: item.title)
        case .itemRemoved(let id, let category):
            self.init(change: .removed, item: id, category: category)
        case .itemMoved(let id, let from, let to):
            self.init(change: .moved, item: id, category: to, from: from)
        }
    }

    private init(change: Change, item: ItemID, category: CategoryID, from: CategoryID? = nil, title: String? = nil) {
        self.change = change
        self.item = item.rawValue
        self.category = category.rawValue
        self.from = from?.rawValue
        self.title = title
        list = AppRoute.library(.category(category)).print()
    }

    /// The event's `data`: one JSON object (JSON escapes every line break, so it stays one line).
    var json: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

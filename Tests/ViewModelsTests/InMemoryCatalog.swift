import Models
import Synchronization

/// A catalog in memory that records writes, so tests can check what reached the repository.
final class InMemoryCatalog: CatalogRepository {
    private struct State {
        var categories: [Category]
        var items: [Item]
        var nextID: Int
        var writes: [String] = []
    }

    private let state: Mutex<State>
    let today: CalendarDate

    init(categories: [Category], items: [Item], today: CalendarDate = CalendarDate(year: 2026, month: 11, day: 22)) {
        state = Mutex(State(categories: categories, items: items, nextID: (items.map(\.id.rawValue).max() ?? 0) + 1))
        self.today = today
    }

    /// The demo seed in miniature: `categories` categories of `perCategory` items each.
    static func demo(categories: Int = 3, perCategory: Int = 5) -> InMemoryCatalog {
        var items: [Item] = []
        let cats = (1...categories).map { Category(id: CategoryID("category-\($0)"), name: "Category \($0)") }
        var id = 1
        for c in 1...categories {
            for n in 1...max(1, perCategory) where perCategory > 0 {
                items.append(Item(
                    id: ItemID(id), category: CategoryID("category-\(c)"), title: "Item \(n) <\(c)>",
                    subtitle: "Subtitle of item \(n) in Category \(c) & friends",
                    createdAt: CalendarDate(year: 2026, month: 1, day: n % 28 + 1),
                    details: (1...3).map { DetailRow(key: "Field \($0)", value: "Value \($0) of item \(n)") }))
                id += 1
            }
        }
        return InMemoryCatalog(categories: cats, items: items)
    }

    var writes: [String] { state.withLock { $0.writes } }
    var allItems: [Item] { state.withLock { $0.items } }

    func categories() -> [Category] { state.withLock { $0.categories } }
    func category(_ id: CategoryID) -> Category? { state.withLock { $0.categories.first { $0.id == id } } }
    func items(in category: CategoryID) -> [Item] { state.withLock { $0.items.filter { $0.category == category } } }
    func itemCount(in category: CategoryID) -> Int { items(in: category).count }
    func item(_ id: ItemID) -> Item? { state.withLock { $0.items.first { $0.id == id } } }

    func addItem(_ draft: ItemDraft, to category: CategoryID) throws -> Item {
        try state.withLock { state in
            guard state.categories.contains(where: { $0.id == category }) else { throw CatalogError.unknownCategory(category) }
            let item = Item(
                id: ItemID(state.nextID), category: category, title: draft.title, subtitle: draft.subtitle, createdAt: today)
            state.nextID += 1
            state.items.append(item)
            state.writes.append("add \(item.id)")
            return item
        }
    }

    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            state.items[index].title = draft.title
            state.items[index].subtitle = draft.subtitle
            state.writes.append("update \(id)")
            return state.items[index]
        }
    }

    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            state.items[index].isFavourite = isFavourite
            state.writes.append("favourite \(id) \(isFavourite)")
            return state.items[index]
        }
    }

    func deleteItem(_ id: ItemID) throws {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            state.items.remove(at: index)
            state.writes.append("delete \(id)")
        }
    }
}

import Models
import Synchronization

/// An in-memory catalog that records writes, so tests can check what reached the repository; a mutex
/// only because repositories are Sendable.
public final class InMemoryCatalog: CatalogRepository {
    private struct State {
        var categories: [Category]
        var items: [Item]
        var nextID: Int
        var writes: [String] = []
    }

    private let state: Mutex<State>
    /// The creation date of added items.
    public let today: CalendarDate

    public init(categories: [Category], items: [Item], today: CalendarDate = CalendarDate(year: 2026, month: 11, day: 22)) {
        state = Mutex(State(categories: categories, items: items, nextID: (items.map(\.id.rawValue).max() ?? 0) + 1))
        self.today = today
    }

    /// books (1, 2), films (3), and a category whose slug needs escaping; every item added by `creator`.
    public static func sample(creator: UserID? = nil) -> InMemoryCatalog {
        let day = CalendarDate(year: 2026, month: 1, day: 8)
        return InMemoryCatalog(
            categories: [
                Category(id: CategoryID("books"), name: "Books"),
                Category(id: CategoryID("films"), name: "Films"),
                Category(id: CategoryID("odd slug/ü"), name: "Odd"),
            ],
            items: [
                Item(id: ItemID(1), category: CategoryID("books"), title: "Dune", subtitle: "Herbert", createdAt: day, creator: creator),
                Item(id: ItemID(2), category: CategoryID("books"), title: "Emma", subtitle: "Austen", createdAt: day, creator: creator),
                Item(id: ItemID(3), category: CategoryID("films"), title: "Alien", subtitle: "Scott", createdAt: day, creator: creator),
            ])
    }

    /// The demo seed in miniature: `categories` categories of `perCategory` items each.
    public static func demo(categories: Int = 3, perCategory: Int = 5) -> InMemoryCatalog {
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

    public var writes: [String] { state.withLock { $0.writes } }
    public var allItems: [Item] { state.withLock { $0.items } }

    public func categories() -> [Category] { state.withLock { $0.categories } }
    public func category(_ id: CategoryID) -> Category? { state.withLock { $0.categories.first { $0.id == id } } }
    public func items(in category: CategoryID) -> [Item] { state.withLock { $0.items.filter { $0.category == category } } }
    public func itemCount(in category: CategoryID) -> Int { items(in: category).count }
    public func item(_ id: ItemID) -> Item? { state.withLock { $0.items.first { $0.id == id } } }

    public func addItem(_ draft: ItemDraft, to category: CategoryID, creator: UserID?) throws -> Item {
        try state.withLock { state in
            guard state.categories.contains(where: { $0.id == category }) else { throw CatalogError.unknownCategory(category) }
            let item = Item(
                id: ItemID(state.nextID), category: category, title: draft.title, subtitle: draft.subtitle, createdAt: today,
                creator: creator)
            state.nextID += 1
            state.items.append(item)
            state.writes.append("add \(item.id)")
            return item
        }
    }

    public func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item {
        try modify(id, recording: "update \(id)") { $0.title = draft.title; $0.subtitle = draft.subtitle }
    }

    public func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item {
        try modify(id, recording: "favourite \(id) \(isFavourite)") { $0.isFavourite = isFavourite }
    }

    public func deleteItem(_ id: ItemID) throws {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            state.items.remove(at: index)
            state.writes.append("delete \(id)")
        }
    }

    /// Moves an item to another category (the web layer's "move" has no form yet; tests need it).
    public func move(_ id: ItemID, to category: CategoryID) throws {
        _ = try modify(id, recording: "move \(id) \(category)") { $0.category = category }
    }

    private func modify(_ id: ItemID, recording write: String, _ change: (inout Item) -> Void) throws -> Item {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            change(&state.items[index])
            state.writes.append(write)
            return state.items[index]
        }
    }
}

import Models
import Synchronization

/// An in-memory catalog; a mutex only because repositories are Sendable.
final class FakeCatalog: CatalogRepository {
    private struct State {
        var categories: [Category]
        var items: [Item]
        var nextID: Int
    }

    private let state: Mutex<State>

    init(categories: [Category], items: [Item]) {
        state = Mutex(State(categories: categories, items: items, nextID: (items.map(\.id.rawValue).max() ?? 0) + 1))
    }

    /// books (1, 2), films (3), and a category whose slug needs escaping.
    static func sample() -> FakeCatalog {
        let day = CalendarDate(year: 2026, month: 1, day: 8)
        return FakeCatalog(
            categories: [
                Category(id: CategoryID("books"), name: "Books"),
                Category(id: CategoryID("films"), name: "Films"),
                Category(id: CategoryID("odd slug/ü"), name: "Odd"),
            ],
            items: [
                Item(id: ItemID(1), category: CategoryID("books"), title: "Dune", subtitle: "Herbert", createdAt: day),
                Item(id: ItemID(2), category: CategoryID("books"), title: "Emma", subtitle: "Austen", createdAt: day),
                Item(id: ItemID(3), category: CategoryID("films"), title: "Alien", subtitle: "Scott", createdAt: day),
            ])
    }

    func categories() -> [Category] { state.withLock { $0.categories } }
    func category(_ id: CategoryID) -> Category? { state.withLock { $0.categories.first { $0.id == id } } }
    func items(in category: CategoryID) -> [Item] { state.withLock { $0.items.filter { $0.category == category } } }
    func itemCount(in category: CategoryID) -> Int { items(in: category).count }
    func item(_ id: ItemID) -> Item? { state.withLock { $0.items.first { $0.id == id } } }

    func addItem(_ draft: ItemDraft, to category: CategoryID) throws -> Item {
        try state.withLock { state in
            guard state.categories.contains(where: { $0.id == category }) else { throw CatalogError.unknownCategory(category) }
            let item = Item(
                id: ItemID(state.nextID), category: category, title: draft.title, subtitle: draft.subtitle,
                createdAt: CalendarDate(year: 2026, month: 11, day: 22))
            state.nextID += 1
            state.items.append(item)
            return item
        }
    }

    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item {
        try modify(id) { $0.title = draft.title; $0.subtitle = draft.subtitle }
    }

    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item {
        try modify(id) { $0.isFavourite = isFavourite }
    }

    func deleteItem(_ id: ItemID) throws {
        try state.withLock { state in
            guard state.items.contains(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            state.items.removeAll { $0.id == id }
        }
    }

    /// Moves an item to another category (the web layer's "move" has no form yet; tests need it).
    func move(_ id: ItemID, to category: CategoryID) throws {
        _ = try modify(id) { $0.category = category }
    }

    private func modify(_ id: ItemID, _ change: (inout Item) -> Void) throws -> Item {
        try state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { throw CatalogError.unknownItem(id) }
            change(&state.items[index])
            return state.items[index]
        }
    }
}

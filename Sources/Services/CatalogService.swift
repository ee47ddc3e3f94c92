#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import Storage
import Synchronization

/// The Library's catalog: everything in memory for the page that reads a category's items and
/// every category's count per request; writes go through the store and are durable on return.
public final class CatalogService: CatalogRepository {
    static let categoriesCollection = "catalog.categories"
    static let itemsCollection = "catalog.items"
    static let metaCollection = "catalog.meta"
    static let nextItemIDKey = "nextItemID"

    let store: any KeyValueStore
    let state: Mutex<CatalogState>
    /// Serialises writers so each validates against the state its write will change, when this
    /// instance is the only writer (see `exclusively`); never held across a Redis round trip.
    let writeLock = Mutex(())
    let observers = Mutex<[@Sendable (CatalogChange) -> Void]>([])
    let today: @Sendable () -> CalendarDate
    /// Where new item ids come from when several instances write (Redis); nil when this instance
    /// is the only writer and its memory knows every id handed out.
    let idCounter: (any SharedCounter)?

    /// Loads the catalog held by `store`. `clock` dates new items (in UTC).
    public init(
        store: any KeyValueStore, clock: @escaping @Sendable () -> Date = { Date() }, idCounter: (any SharedCounter)? = nil
    ) throws {
        self.store = store
        self.idCounter = idCounter
        self.today = { CalendarDate(clock()) }
        state = Mutex(try Self.load(from: store))
    }

    /// Replaces the catalog in memory with that of `store` (another instance wrote).
    public func reload(from store: any KeyValueStore) throws {
        install(try Self.load(from: store))
    }

    /// Replaces the catalog in memory with `loaded` (`load`, the CPU of a reload, made before).
    func install(_ loaded: CatalogState) {
        state.withLock { $0 = loaded }
    }

    static func load(from store: any KeyValueStore) throws -> CatalogState {
        let categories = try StoreCoding.decodeAll(StoredCategory.self, in: Self.categoriesCollection, of: store)
            .sorted { ($0.position, $0.category.id) < ($1.position, $1.category.id) }
            .map(\.category)
        var reader = ItemJSONReader.Batch()
        let items = try store.all(Self.itemsCollection).values.map { bytes in
            try reader.item(from: bytes) ?? StoreCoding.decode(Item.self, from: bytes)
        }
        let nextItemID = store.get(Self.metaCollection, key: Self.nextItemIDKey)
            .flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 1
        return CatalogState(categories: categories, items: items, nextItemID: nextItemID)
    }

    /// Calls `observer` after every committed change, on the writer's thread, outside all locks.
    public func observe(_ observer: @escaping @Sendable (CatalogChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Calls `handler` when an item leaves its category: deleted, or moved to another one.
    public func onItemRemoved(_ handler: @escaping @Sendable (ItemID) -> Void) {
        observe { change in
            switch change {
            case .itemRemoved(let id, _), .itemMoved(let id, _, _): handler(id)
            case .itemAdded, .itemUpdated: break
            }
        }
    }

    // MARK: Reads

    public func categories() -> [Category] {
        state.withLock { $0.categories }
    }

    public func category(_ id: CategoryID) -> Category? {
        state.withLock { $0.category(id) }
    }

    /// Every item of the category: a copy of the whole shelf (pages read their slice instead).
    public func items(in category: CategoryID) -> [Item] {
        state.withLock { $0.items(in: category) }
    }

    public func items(in category: CategoryID, order: ItemOrder, positions: Range<Int>) -> [Item] {
        state.withLock { $0.items(in: category, order: order, positions: positions) }
    }

    public func position(of item: ItemID, in category: CategoryID, order: ItemOrder) -> Int? {
        state.withLock { $0.position(of: item, in: category, order: order) }
    }

    public func itemCount(in category: CategoryID) -> Int {
        state.withLock { $0.itemCount(in: category) }
    }

    public func item(_ id: ItemID) -> Item? {
        state.withLock { $0.item(id) }
    }

    /// Under one lock: a Library page reads the sidebar and its list together. Every item of the
    /// selected category, copied: a page reads `snapshot(selecting:order:page:pageSize:)`.
    public func snapshot(selecting category: CategoryID?) -> CatalogSnapshot {
        state.withLock { state in
            let selected = category.flatMap { state.category($0) }
            return CatalogSnapshot(
                categories: state.categories,
                itemCounts: state.categories.map { state.itemCount(in: $0.id) },
                selected: selected, items: selected.map { state.items(in: $0.id) } ?? [])
        }
    }

    /// Under one lock, the sidebar and one page of the selected category's list, found by binary
    /// search whatever the category holds: the chunk of the list that holds the page (shared, not
    /// copied), or the page's items when it spans two.
    public func snapshot(selecting category: CategoryID?, order: ItemOrder, page: Int, pageSize: Int) -> CatalogSnapshot {
        state.withLock { state in
            let selected = category.flatMap { state.category($0) }
            let count = selected.map { state.itemCount(in: $0.id) } ?? 0
            let window = CatalogSnapshot.window(page: page, pageSize: pageSize, itemCount: count)
            let stretch = selected.map { state.stretch(in: $0.id, order: order, covering: window) } ?? (items: [], start: 0)
            return CatalogSnapshot(
                categories: state.categories,
                itemCounts: state.categories.map { state.itemCount(in: $0.id) },
                selected: selected, items: stretch.items, itemCount: count, firstPosition: stretch.start, order: order)
        }
    }

    func notify(_ change: CatalogChange) {
        for observer in observers.withLock({ $0 }) {
            observer(change)
        }
    }
}

extension CalendarDate {
    /// The UTC day of `date`.
    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}

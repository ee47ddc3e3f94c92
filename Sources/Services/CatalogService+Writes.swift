import Models
import Storage

extension CatalogService {
    public func addItem(_ draft: ItemDraft, to category: CategoryID, creator: UserID?) throws -> Item {
        if let item = try blockingJournalWrite({ journalAddItem(draft, to: category, creator: creator, blocking: $0, completion: $1) }) {
            return item
        }
        let item = try storeNewItem { known, nextItemID in
            guard known(category) else { throw CatalogError.unknownCategory(category) }
            return Item(
                id: try newItemID(floor: nextItemID), category: category, title: draft.title, subtitle: draft.subtitle,
                createdAt: today(), creator: creator)
        }
        notify(.itemAdded(item))
        return item
    }

    public func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item {
        if let item = try blockingJournalWrite({ journalUpdateItem(id, with: draft, blocking: $0, completion: $1) }) { return item }
        let item = try edit(id) { item, _ in
            item.title = draft.title
            item.subtitle = draft.subtitle
        }
        notify(.itemUpdated(item))
        return item
    }

    public func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item {
        if let item = try blockingJournalWrite({ journalSetFavourite(id, isFavourite, blocking: $0, completion: $1) }) { return item }
        let item = try edit(id) { item, _ in
            item.isFavourite = isFavourite
        }
        notify(.itemUpdated(item))
        return item
    }

    /// Moves an item to another category; it keeps its id, so old links can be redirected.
    public func moveItem(_ id: ItemID, to category: CategoryID) throws -> Item {
        if let item = try blockingJournalWrite({ journalMoveItem(id, to: category, blocking: $0, completion: $1) }) { return item }
        var origin = category
        let item = try edit(id) { item, known in
            guard known(category) else { throw CatalogError.unknownCategory(category) }
            origin = item.category
            item.category = category
        }
        if origin != category { notify(.itemMoved(id, from: origin, to: category)) }
        return item
    }

    public func deleteItem(_ id: ItemID) throws {
        if try blockingJournalWrite({ journalDeleteItem(id, blocking: $0, completion: $1) }) != nil { return }
        let category = try exclusively { () throws -> CategoryID in
            guard let category = state.withLock({ $0.locations[id] }) else { throw CatalogError.unknownItem(id) }
            try store.apply([.delete(collection: Self.itemsCollection, key: String(id.rawValue))]) {
                state.withLock { $0.remove(id) }
            }
            return category
        }
        notify(.itemRemoved(id, from: category))
    }

    /// Appends a category to the sidebar (or renames the one with the same id).
    public func addCategory(_ category: Category) throws {
        try exclusively {
            let position = state.withLock { $0.position(of: category.id) }
            let value = try StoreCoding.encode(StoredCategory(category: category, position: position))
            try store.apply([.put(collection: Self.categoriesCollection, key: category.id.rawValue, value: value)]) {
                state.withLock { $0.upsert(category) }
            }
        }
    }

    /// Adds categories and items (ids given) in one durable write: seeding 400 items costs one fsync.
    /// Items go in one by one, as any write does: importing a batch costs the batch, not the catalog.
    public func importCatalog(categories: [Category], items: [Item]) throws {
        try exclusively {
            var known = Set(state.withLock { $0.categories.map(\.id) })
            var position = known.count
            var added: [Category] = []
            var mutations: [StoreMutation] = []
            mutations.reserveCapacity(categories.count + items.count)
            for category in categories where !known.contains(category.id) {
                mutations.append(.put(
                    collection: Self.categoriesCollection, key: category.id.rawValue,
                    value: try StoreCoding.encode(StoredCategory(category: category, position: position))))
                known.insert(category.id)
                added.append(category)
                position += 1
            }
            for item in items {
                guard known.contains(item.category) else { throw CatalogError.unknownCategory(item.category) }
                mutations.append(.put(
                    collection: Self.itemsCollection, key: String(item.id.rawValue), value: try StoreCoding.encode(item)))
            }
            try store.apply(mutations) {
                state.withLock { state in
                    for category in added { state.upsert(category) }
                    for item in items { state.upsert(item) }
                }
            }
        }
    }

    /// A new item's id. Ids of deleted items are never reused (an old deep link must not land on a
    /// different item): alone, this instance persists the next free id with each new item; sharing
    /// the store, the shared counter hands it out, so two instances creating items at the same
    /// moment never pick the same one (the floor covers ids this instance already knows of).
    private func newItemID(floor nextItemID: Int) throws -> ItemID {
        guard let idCounter else { return ItemID(nextItemID) }
        return ItemID(try idCounter.takeNext(collection: Self.metaCollection, key: Self.nextItemIDKey, atLeast: nextItemID))
    }

    /// How often an edit is made again on what the store holds before it gives up: each retry means
    /// another instance changed the same item in the moment between two round trips.
    static let editAttempts = 5

    /// Runs `body` under the write lock when this instance is the only writer (the embedded store,
    /// where the lock is what makes a read of the state and the write made from it one step).
    /// Sharing the store, Redis orders the writes itself (the compare-and-set script, the shared id
    /// counter), so no lock is held across its round trips: a writer waits for Redis, never for
    /// another writer's round trip.
    func exclusively<T: Sendable>(_ body: () throws -> T) throws -> T {
        guard idCounter == nil else { return try body() }
        return try writeLock.withLock { _ throws -> T in try body() }
    }

    /// Changes an item (under the write lock when alone), starting from the copy in memory, and stores it only
    /// if the store still holds that copy: another instance may have changed or deleted the item
    /// since this one last synchronized. Then the change is made again on what the store holds,
    /// or, when the item is gone, it is gone here too and the edit is refused as for any unknown
    /// item, so an edit can never bring a deleted item back.
    private func edit(_ id: ItemID, _ change: (inout Item, _ known: (CategoryID) -> Bool) throws -> Void) throws -> Item {
        enum Outcome { case stored(Item), gone(from: CategoryID) }
        let outcome = try exclusively { () throws -> Outcome in
            // Only the item is read: a copy of the whole state here would make the write below copy it again.
            guard var original = state.withLock({ $0.item(id) }) else { throw CatalogError.unknownItem(id) }
            let known = { (category: CategoryID) in self.state.withLock { $0.category(category) != nil } }
            var expected = try StoreCoding.encode(original)
            for _ in 0..<Self.editAttempts {
                var item = original
                try change(&item, known)
                let value = try StoreCoding.encode(item)
                let replacement = try store.replace(
                    Self.itemsCollection, key: String(id.rawValue), expected: expected, with: value
                ) { state.withLock { $0.upsert(item) } }
                switch replacement {
                case .replaced:
                    return .stored(item)
                case .differs(current: nil):
                    state.withLock { $0.remove(id) }
                    return .gone(from: original.category)
                case .differs(current: let stored?):
                    original = try StoreCoding.decode(Item.self, from: stored)
                    expected = stored
                }
            }
            throw CatalogError.editConflict(id)
        }
        switch outcome {
        case .stored(let item):
            return item
        case .gone(let category):
            notify(.itemRemoved(id, from: category))
            throw CatalogError.unknownItem(id)
        }
    }

    /// Runs `make` under the write lock with what it needs of the current state (which categories
    /// exist, the next free id), stores the new item it returns, then publishes it to readers. The
    /// next free id is persisted with it, unless the shared counter advanced it already (writing it
    /// here could lower it behind another instance's back).
    private func storeNewItem(_ make: (_ known: (CategoryID) -> Bool, _ nextItemID: Int) throws -> Item) throws -> Item {
        try exclusively { () throws -> Item in
            let known = { (category: CategoryID) in self.state.withLock { $0.category(category) != nil } }
            let item = try make(known, state.withLock { $0.nextItemID })
            var mutations: [StoreMutation] = [
                .put(collection: Self.itemsCollection, key: String(item.id.rawValue), value: try StoreCoding.encode(item))
            ]
            if idCounter == nil {
                mutations.append(.put(
                    collection: Self.metaCollection, key: Self.nextItemIDKey, value: Array(String(item.id.rawValue + 1).utf8)))
            }
            try store.apply(mutations) { state.withLock { $0.upsert(item) } }
            return item
        }
    }
}

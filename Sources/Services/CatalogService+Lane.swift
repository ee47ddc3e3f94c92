import Models
import Storage

/// The catalog's writes on the embedded store for a caller that must not wait: decided from
/// memory under the write lock, queued on the journal lane and published to memory there (so the
/// next writer decides from it), with the lock released before the disk is touched; `completion`
/// runs on the lane once the record is durable, and only then may the answer go out. Readers may
/// see such a write a moment before it is durable; a crash before then loses it with every later
/// write built on it (they come after it in the journal), and nobody was told it was saved.
extension CatalogService {
    /// Queues `decide`'s write on the lane; false when the store is not the embedded journal.
    func laneWrite<T: Sendable>(
        _ decide: () throws -> (mutations: [StoreMutation], value: T, publish: () -> Void),
        completion: @escaping @Sendable (Result<T, Error>) -> Void
    ) -> Bool {
        guard let journal = store as? JournalStore else { return false }
        do {
            try writeLock.withLock { _ throws in
                let (mutations, value, publish) = try decide()
                try journal.apply(mutations) { error in
                    completion(error.map { .failure($0) } ?? .success(value))
                }
                publish()
            }
        } catch {
            completion(.failure(error))
        }
        return true
    }

    func laneAddItem(
        _ draft: ItemDraft, to category: CategoryID, creator: UserID?, completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        laneWrite({ () throws -> (mutations: [StoreMutation], value: Item, publish: () -> Void) in
            guard state.withLock({ $0.category(category) != nil }) else { throw CatalogError.unknownCategory(category) }
            let item = Item(
                id: ItemID(state.withLock { $0.nextItemID }), category: category, title: draft.title, subtitle: draft.subtitle,
                createdAt: today(), creator: creator)
            let mutations: [StoreMutation] = [
                .put(collection: Self.itemsCollection, key: String(item.id.rawValue), value: try StoreCoding.encode(item)),
                .put(collection: Self.metaCollection, key: Self.nextItemIDKey, value: Array(String(item.id.rawValue + 1).utf8)),
            ]
            return (mutations, item, { self.state.withLock { $0.upsert(item) } })
        }) { [self] result in
            if case .success(let item) = result { notify(.itemAdded(item)) }
            completion(result)
        }
    }

    /// Changes an item from its copy in memory (the latest, under the write lock).
    func laneEdit(
        _ id: ItemID, _ change: (inout Item, _ known: (CategoryID) -> Bool) throws -> Void,
        completion: @escaping @Sendable (Result<(item: Item, origin: CategoryID), Error>) -> Void
    ) -> Bool {
        laneWrite({ () throws -> (mutations: [StoreMutation], value: (item: Item, origin: CategoryID), publish: () -> Void) in
            guard var item = state.withLock({ $0.item(id) }) else { throw CatalogError.unknownItem(id) }
            let origin = item.category
            try change(&item, { category in self.state.withLock { $0.category(category) != nil } })
            let changed = item
            let put = StoreMutation.put(collection: Self.itemsCollection, key: String(id.rawValue), value: try StoreCoding.encode(item))
            return ([put], (changed, origin), { self.state.withLock { $0.upsert(changed) } })
        }, completion: completion)
    }

    func laneDeleteItem(_ id: ItemID, completion: @escaping @Sendable (Error?) -> Void) -> Bool {
        laneWrite({ () throws -> (mutations: [StoreMutation], value: CategoryID, publish: () -> Void) in
            guard let category = state.withLock({ $0.locations[id] }) else { throw CatalogError.unknownItem(id) }
            return (
                [.delete(collection: Self.itemsCollection, key: String(id.rawValue))], category,
                { self.state.withLock { $0.remove(id) } }
            )
        }) { [self] result in
            switch result {
            case .success(let category):
                notify(.itemRemoved(id, from: category))
                completion(nil)
            case .failure(let error):
                completion(error)
            }
        }
    }
}

extension CatalogService {
    /// Whether writes can be queued on the journal lane: the catalog lives in the embedded store.
    public var writesUseJournalLane: Bool { store is JournalStore }

    /// `addItem` on the journal lane: false when the store is not the embedded one (then see
    /// `addItem(_:to:creator:through:completion:)` for Redis); else `completion` runs once, on the
    /// lane, when the item is durable (or with the failure).
    public func addItem(
        _ draft: ItemDraft, to category: CategoryID, creator: UserID?,
        whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        laneAddItem(draft, to: category, creator: creator, completion: completion)
    }

    public func updateItem(
        _ id: ItemID, with draft: ItemDraft, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        laneEdit(id, { item, _ in
            item.title = draft.title
            item.subtitle = draft.subtitle
        }) { [self] result in
            if case .success(let edit) = result { notify(.itemUpdated(edit.item)) }
            completion(result.map(\.item))
        }
    }

    public func setFavourite(
        _ id: ItemID, _ isFavourite: Bool, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        laneEdit(id, { item, _ in item.isFavourite = isFavourite }) { [self] result in
            if case .success(let edit) = result { notify(.itemUpdated(edit.item)) }
            completion(result.map(\.item))
        }
    }

    public func moveItem(
        _ id: ItemID, to category: CategoryID, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        laneEdit(id, { item, known in
            guard known(category) else { throw CatalogError.unknownCategory(category) }
            item.category = category
        }) { [self] result in
            if case .success(let edit) = result, edit.origin != category {
                notify(.itemMoved(id, from: edit.origin, to: category))
            }
            completion(result.map(\.item))
        }
    }

    public func deleteItem(_ id: ItemID, whenDurable completion: @escaping @Sendable (Error?) -> Void) -> Bool {
        laneDeleteItem(id, completion: completion)
    }
}

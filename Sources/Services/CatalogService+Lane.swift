import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Models
import Storage
import Synchronization

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

    /// Changes an item, starting from the copy in memory, if the store's latest record of it (a
    /// write still on the lane included) is that copy; otherwise from that record (a writer behind
    /// this service's back changed it), and when the record is gone the item is gone here too and
    /// the edit refused, as the blocking edit does. All under the write lock, without I/O.
    func laneEdit(
        _ id: ItemID, _ change: (inout Item, _ known: (CategoryID) -> Bool) throws -> Void,
        completion: @escaping @Sendable (Result<(item: Item, origin: CategoryID), Error>) -> Void
    ) -> Bool {
        guard let journal = store as? JournalStore else { return false }
        var goneFrom: CategoryID?
        let queued = laneWrite({ () throws -> (mutations: [StoreMutation], value: (item: Item, origin: CategoryID), publish: () -> Void) in
            guard var item = state.withLock({ $0.item(id) }) else { throw CatalogError.unknownItem(id) }
            let key = String(id.rawValue)
            let stored = journal.latest(Self.itemsCollection, key: key)
            if stored != (try StoreCoding.encode(item)) {
                guard let stored else {
                    state.withLock { $0.remove(id) }
                    goneFrom = item.category
                    throw CatalogError.unknownItem(id)
                }
                item = try StoreCoding.decode(Item.self, from: stored)
            }
            let origin = item.category
            try change(&item, { category in self.state.withLock { $0.category(category) != nil } })
            let changed = item
            let put = StoreMutation.put(collection: Self.itemsCollection, key: key, value: try StoreCoding.encode(item))
            return ([put], (changed, origin), { self.state.withLock { $0.upsert(changed) } })
        }, completion: completion)
        if let goneFrom { notify(.itemRemoved(id, from: goneFrom)) }
        return queued
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
    /// How long a blocking write waits for the lane to make its record durable.
    static let laneWait: DispatchTimeInterval = .seconds(30)

    /// A blocking write on the embedded store made through the lane: the write lock is held only
    /// while the write is decided and queued, never across the disk, so several writers' records
    /// share one fsync; this thread then waits for the completion. Nil when the store is not the
    /// embedded journal (the caller takes its own path).
    func awaitingLane<T: Sendable>(_ start: (@escaping @Sendable (Result<T, Error>) -> Void) -> Bool) throws -> T? {
        let outcome = Mutex<Result<T, Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        guard start({ result in
            outcome.withLock { $0 = result }
            done.signal()
        }) else { return nil }
        guard done.wait(timeout: .now() + Self.laneWait) == .success, let result = outcome.withLock({ $0 }) else {
            throw StorageError.io(operation: "waiting for the journal lane", path: "", errno: ETIMEDOUT)
        }
        return try result.get()
    }

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

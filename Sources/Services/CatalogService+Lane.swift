import Models
import Storage
import Synchronization

/// The catalog's writes on the embedded store, decided from memory under the write lock, queued
/// in the journal and published to memory there (so the next writer decides from it), with the
/// lock released before the disk is touched. Two ways to wait for the disk:
/// - `…whenDurable:` (for a caller that must not wait: a parked request): the journal lane
///   writes the record; `completion` runs on the lane once it is durable, and only then may the
///   answer go out.
/// - the blocking calls (`addItem(_:to:creator:)`, …): the writer's own thread writes the group
///   (or waits for the writer that does), as the store's group commit always did.
/// Readers may see such a write a moment before it is durable; a crash before then loses it with
/// every later write built on it (they come after it in the journal), and nobody was told it was
/// saved.
extension CatalogService {
    /// A blocking write's record, queued under the write lock, written once the lock is released.
    final class BlockingWrite {
        var queued: (journal: JournalStore, write: JournalStore.QueuedWrite)?
        var finish: (() -> Void)?
    }

    /// Queues `decide`'s write (on the lane, or for `blocking`); false when the store is not the
    /// embedded journal.
    func journalWrite<T: Sendable>(
        _ decide: () throws -> (mutations: [StoreMutation], value: T, publish: () -> Void), blocking: BlockingWrite?,
        completion: @escaping @Sendable (Result<T, Error>) -> Void
    ) -> Bool {
        guard let journal = store as? JournalStore else { return false }
        do {
            try writeLock.withLock { _ throws in
                let (mutations, value, publish) = try decide()
                if let blocking {
                    blocking.queued = (journal, try journal.queue(mutations))
                    blocking.finish = { completion(.success(value)) }
                } else {
                    try journal.apply(mutations) { error in
                        completion(error.map { .failure($0) } ?? .success(value))
                    }
                }
                publish()
            }
        } catch {
            completion(.failure(error))
        }
        return true
    }

    /// Runs `start` as a blocking write: nil when the store is not the embedded journal.
    func blockingJournalWrite<T: Sendable>(
        _ start: (BlockingWrite, _ done: @escaping @Sendable (Result<T, Error>) -> Void) -> Bool
    ) throws -> T? {
        let blocking = BlockingWrite()
        let outcome = Mutex<Result<T, Error>?>(nil)
        guard start(blocking, { result in outcome.withLock { $0 = result } }) else { return nil }
        if let (journal, write) = blocking.queued {
            try journal.awaitDurable(write)
            blocking.finish?()
            if journal.journalSize >= journal.configuration.snapshotThreshold { journal.snapshotWhenDue() }
        }
        guard let result = outcome.withLock({ $0 }) else { throw StorageError.storeFailed("a write reported no outcome") }
        return try result.get()
    }

    func journalAddItem(
        _ draft: ItemDraft, to category: CategoryID, creator: UserID?, blocking: BlockingWrite?,
        completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalWrite({ () throws -> (mutations: [StoreMutation], value: Item, publish: () -> Void) in
            guard state.withLock({ $0.category(category) != nil }) else { throw CatalogError.unknownCategory(category) }
            let item = Item(
                id: ItemID(state.withLock { $0.nextItemID }), category: category, title: draft.title, subtitle: draft.subtitle,
                createdAt: today(), creator: creator)
            let mutations: [StoreMutation] = [
                .put(collection: Self.itemsCollection, key: String(item.id.rawValue), value: try StoreCoding.encode(item)),
                .put(collection: Self.metaCollection, key: Self.nextItemIDKey, value: Array(String(item.id.rawValue + 1).utf8)),
            ]
            return (mutations, item, { self.state.withLock { $0.upsert(item) } })
        }, blocking: blocking) { [self] result in
            if case .success(let item) = result { notify(.itemAdded(item)) }
            completion(result)
        }
    }

    /// Changes an item, starting from the copy in memory, if the store's latest record of it (a
    /// write still queued included) is that copy; otherwise from that record (a writer behind
    /// this service's back changed it), and when the record is gone the item is gone here too and
    /// the edit refused, as the Redis edit does. All under the write lock, without I/O.
    func journalEdit(
        _ id: ItemID, blocking: BlockingWrite?, _ change: (inout Item, _ known: (CategoryID) -> Bool) throws -> Void,
        completion: @escaping @Sendable (Result<(item: Item, origin: CategoryID), Error>) -> Void
    ) -> Bool {
        guard let journal = store as? JournalStore else { return false }
        var goneFrom: CategoryID?
        let queued = journalWrite({ () throws -> (mutations: [StoreMutation], value: (item: Item, origin: CategoryID), publish: () -> Void) in
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
        }, blocking: blocking, completion: completion)
        if let goneFrom { notify(.itemRemoved(id, from: goneFrom)) }
        return queued
    }

    func journalUpdateItem(
        _ id: ItemID, with draft: ItemDraft, blocking: BlockingWrite?, completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalEdit(id, blocking: blocking, { item, _ in
            item.title = draft.title
            item.subtitle = draft.subtitle
        }) { [self] result in
            if case .success(let edit) = result { notify(.itemUpdated(edit.item)) }
            completion(result.map(\.item))
        }
    }

    func journalSetFavourite(
        _ id: ItemID, _ isFavourite: Bool, blocking: BlockingWrite?, completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalEdit(id, blocking: blocking, { item, _ in item.isFavourite = isFavourite }) { [self] result in
            if case .success(let edit) = result { notify(.itemUpdated(edit.item)) }
            completion(result.map(\.item))
        }
    }

    func journalMoveItem(
        _ id: ItemID, to category: CategoryID, blocking: BlockingWrite?,
        completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalEdit(id, blocking: blocking, { item, known in
            guard known(category) else { throw CatalogError.unknownCategory(category) }
            item.category = category
        }) { [self] result in
            if case .success(let edit) = result, edit.origin != category {
                notify(.itemMoved(id, from: edit.origin, to: category))
            }
            completion(result.map(\.item))
        }
    }

    func journalDeleteItem(_ id: ItemID, blocking: BlockingWrite?, completion: @escaping @Sendable (Result<Bool, Error>) -> Void) -> Bool {
        journalWrite({ () throws -> (mutations: [StoreMutation], value: CategoryID, publish: () -> Void) in
            guard let category = state.withLock({ $0.locations[id] }) else { throw CatalogError.unknownItem(id) }
            return (
                [.delete(collection: Self.itemsCollection, key: String(id.rawValue))], category,
                { self.state.withLock { $0.remove(id) } }
            )
        }, blocking: blocking) { [self] result in
            if case .success(let category) = result { notify(.itemRemoved(id, from: category)) }
            completion(result.map { _ in true })
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
        journalAddItem(draft, to: category, creator: creator, blocking: nil, completion: completion)
    }

    public func updateItem(
        _ id: ItemID, with draft: ItemDraft, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalUpdateItem(id, with: draft, blocking: nil, completion: completion)
    }

    public func setFavourite(
        _ id: ItemID, _ isFavourite: Bool, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalSetFavourite(id, isFavourite, blocking: nil, completion: completion)
    }

    public func moveItem(
        _ id: ItemID, to category: CategoryID, whenDurable completion: @escaping @Sendable (Result<Item, Error>) -> Void
    ) -> Bool {
        journalMoveItem(id, to: category, blocking: nil, completion: completion)
    }

    public func deleteItem(_ id: ItemID, whenDurable completion: @escaping @Sendable (Error?) -> Void) -> Bool {
        journalDeleteItem(id, blocking: nil) { result in
            if case .failure(let error) = result { completion(error) } else { completion(nil) }
        }
    }
}

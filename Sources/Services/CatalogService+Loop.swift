import Models
import RedisClient
import Storage

/// The catalog's writes for a request parked on its event loop (with Redis): the same rules as
/// the blocking writes (ids from the shared counter, edits by compare-and-set, published under
/// the store's ordering), sent through `RedisSend`; `completion` runs on the loop when the write
/// is in Redis, exactly once. Each returns false when nothing was sent (the embedded store, or
/// no connection ready on the loop): then the caller makes the blocking call on a worker.
extension CatalogService {
    /// Whether writes can park on an event loop: the catalog lives in Redis.
    public var writesCanPark: Bool { store is RedisStore }

    public func addItem(
        _ draft: ItemDraft, to category: CategoryID, creator: UserID?, through send: @escaping RedisSend,
        completion: @escaping (Result<Item, Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard state.withLock({ $0.category(category) != nil }) else {
            completion(.failure(CatalogError.unknownCategory(category)))
            return true
        }
        let floor = state.withLock { $0.nextItemID }
        return shared.takeNext(collection: Self.metaCollection, key: Self.nextItemIDKey, atLeast: floor, through: send) {
            [self] taken in
            let item: Item
            let value: [UInt8]
            do {
                item = Item(
                    id: ItemID(try taken.get()), category: category, title: draft.title, subtitle: draft.subtitle,
                    createdAt: today(), creator: creator)
                value = try StoreCoding.encode(item)
            } catch {
                return completion(.failure(error))
            }
            let put = StoreMutation.put(collection: Self.itemsCollection, key: String(item.id.rawValue), value: value)
            let sent = shared.apply([put], through: send, publishing: { self.state.withLock { $0.upsert(item) } }) { error in
                if let error { return completion(.failure(error)) }
                self.notify(.itemAdded(item))
                completion(.success(item))
            }
            if !sent { completion(.failure(RedisError.connectionClosed)) }
        }
    }

    public func updateItem(
        _ id: ItemID, with draft: ItemDraft, through send: @escaping RedisSend, completion: @escaping (Result<Item, Error>) -> Void
    ) -> Bool {
        edit(id, through: send, { item, _ in
            item.title = draft.title
            item.subtitle = draft.subtitle
        }) { [self] result in
            if case .success(let item) = result { notify(.itemUpdated(item)) }
            completion(result)
        }
    }

    public func setFavourite(
        _ id: ItemID, _ isFavourite: Bool, through send: @escaping RedisSend, completion: @escaping (Result<Item, Error>) -> Void
    ) -> Bool {
        edit(id, through: send, { item, _ in item.isFavourite = isFavourite }) { [self] result in
            if case .success(let item) = result { notify(.itemUpdated(item)) }
            completion(result)
        }
    }

    public func moveItem(
        _ id: ItemID, to category: CategoryID, through send: @escaping RedisSend,
        completion: @escaping (Result<Item, Error>) -> Void
    ) -> Bool {
        let origin = state.withLock { $0.locations[id] }
        return edit(id, through: send, { item, known in
            guard known(category) else { throw CatalogError.unknownCategory(category) }
            item.category = category
        }) { [self] result in
            if case .success = result, let origin, origin != category { notify(.itemMoved(id, from: origin, to: category)) }
            completion(result)
        }
    }

    public func deleteItem(_ id: ItemID, through send: @escaping RedisSend, completion: @escaping (Error?) -> Void) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard let category = state.withLock({ $0.locations[id] }) else {
            completion(CatalogError.unknownItem(id))
            return true
        }
        let delete = StoreMutation.delete(collection: Self.itemsCollection, key: String(id.rawValue))
        return shared.apply([delete], through: send, publishing: { self.state.withLock { $0.remove(id) } }) { [self] error in
            if error == nil { notify(.itemRemoved(id, from: category)) }
            completion(error)
        }
    }

    /// `edit` of the blocking writes, one compare-and-set round trip per attempt.
    private func edit(
        _ id: ItemID, through send: @escaping RedisSend, _ change: @escaping (inout Item, _ known: (CategoryID) -> Bool) throws -> Void,
        completion: @escaping (Result<Item, Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard let original = state.withLock({ $0.item(id) }) else {
            completion(.failure(CatalogError.unknownItem(id)))
            return true
        }
        let known = { (category: CategoryID) in self.state.withLock { $0.category(category) != nil } }
        return shared.edit(
            Self.itemsCollection, key: String(id.rawValue), from: original, attempts: Self.editAttempts, through: send,
            { item in try change(&item, known) }, publishing: { item in self.state.withLock { $0.upsert(item) } }
        ) { [self] outcome in
            completion(outcome.flatMap { edit in
                switch edit {
                case .edited(let item):
                    return .success(item)
                case .removed(let read):
                    state.withLock { $0.remove(id) }
                    notify(.itemRemoved(id, from: read.category))
                    return .failure(CatalogError.unknownItem(id))
                case .conflict:
                    return .failure(CatalogError.editConflict(id))
                }
            })
        }
    }
}

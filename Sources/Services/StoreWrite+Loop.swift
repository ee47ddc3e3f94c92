import Models
import RedisClient

extension StoreWrite {
    /// Makes the write for a request parked on its event loop (with Redis), through the services'
    /// loop writes (`CatalogService+Loop`, `AccountService+Loop`): `completion` runs once, on the
    /// loop, when the write is in Redis or failed. False when nothing was sent (the embedded
    /// store, or no connection ready on the loop): then the caller makes it blocking (`perform`)
    /// on a worker.
    public func send(
        catalog: CatalogService, accounts: AccountService, through send: @escaping RedisSend,
        completion: @escaping (Swift.Result<Result, any Error>) -> Void
    ) -> Bool {
        switch self {
        case .addItem(let draft, let category, let creator):
            catalog.addItem(draft, to: category, creator: creator, through: send) { completion($0.map(Result.item)) }
        case .updateItem(let id, let draft):
            catalog.updateItem(id, with: draft, through: send) { completion($0.map(Result.item)) }
        case .setFavourite(let id, let isFavourite):
            catalog.setFavourite(id, isFavourite, through: send) { completion($0.map(Result.item)) }
        case .deleteItem(let id):
            catalog.deleteItem(id, through: send) { error in completion(error.map { .failure($0) } ?? .success(.deleted(id))) }
        case .saveSettings(let settings, let user):
            accounts.saveSettings(settings, for: user, through: send) { completion($0.map(Result.user)) }
        }
    }
}

extension StoreWrite {
    /// Makes the write now, blocking, through the repositories (the embedded store, or Redis on
    /// a worker). Throws what the repository throws.
    public func perform(catalog: any CatalogRepository, accounts: any AccountRepository) throws -> Result {
        switch self {
        case .addItem(let draft, let category, let creator):
            return .item(try catalog.addItem(draft, to: category, creator: creator))
        case .updateItem(let id, let draft):
            return .item(try catalog.updateItem(id, with: draft))
        case .setFavourite(let id, let isFavourite):
            return .item(try catalog.setFavourite(id, isFavourite))
        case .deleteItem(let id):
            try catalog.deleteItem(id)
            return .deleted(id)
        case .saveSettings(let settings, let user):
            return .user(try accounts.saveSettings(settings, for: user))
        }
    }
}

import Models
import Storage

extension CatalogService {
    /// Applies one entry of the catalog's collections as the store now holds it (`value` nil: the
    /// entry was deleted), as written by another instance: an item is decoded and put in place (or
    /// removed), a category renamed or added, the id floor raised. It costs what the change does,
    /// so an instance following another's writes change by change never reloads the whole catalog.
    /// Returns false for an entry of another collection, or one that does not decode (then only a
    /// `reload` can tell what the store holds).
    @discardableResult
    public func applyStored(collection: String, key: String, value: [UInt8]?) -> Bool {
        switch collection {
        case Self.itemsCollection:
            guard let value else {
                guard let id = Int(key) else { return false }
                state.withLock { $0.remove(ItemID(id)) }
                return true
            }
            guard let item = ItemJSONReader.item(from: value) ?? (try? StoreCoding.decode(Item.self, from: value)) else {
                return false
            }
            state.withLock { $0.upsert(item) }
            return true
        case Self.categoriesCollection:
            // Categories are never deleted; a missing value leaves the sidebar as it is.
            guard let value else { return true }
            guard let stored = try? StoreCoding.decode(StoredCategory.self, from: value) else { return false }
            state.withLock { $0.upsert(stored.category) }
            return true
        case Self.metaCollection:
            guard key == Self.nextItemIDKey else { return true }
            guard let value, let next = Int(String(decoding: value, as: UTF8.self)) else { return false }
            state.withLock { $0.noteNextItemID(next) }
            return true
        default:
            return false
        }
    }
}

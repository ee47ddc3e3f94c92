/// The Library's data as view models see it. Reads are in memory and cheap; writes are durable
/// before they return, so callers run them off the event loops.
public protocol CatalogRepository: Sendable {
    func categories() -> [Category]
    func category(_ id: CategoryID) -> Category?
    func items(in category: CategoryID) -> [Item]
    func itemCount(in category: CategoryID) -> Int
    func item(_ id: ItemID) -> Item?
    /// Every category with its count and the selected one's items, read at one moment.
    func snapshot(selecting category: CategoryID?) -> CatalogSnapshot

    /// `creator` is who added the item (nil: nobody, so only administrators may change it).
    func addItem(_ draft: ItemDraft, to category: CategoryID, creator: UserID?) throws -> Item
    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item
    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item
    func deleteItem(_ id: ItemID) throws
}

/// The Library's data as view models see it. Reads are in memory and cheap; writes are durable
/// before they return, so callers run them off the event loops.
public protocol CatalogRepository: Sendable {
    func categories() -> [Category]
    func category(_ id: CategoryID) -> Category?
    /// Every item of the category in id order: a copy of the whole list, for tools and tests;
    /// pages ask for their slice (`items(in:order:positions:)`).
    func items(in category: CategoryID) -> [Item]
    func itemCount(in category: CategoryID) -> Int
    func item(_ id: ItemID) -> Item?
    /// Every category with its count and the selected one's items, read at one moment.
    func snapshot(selecting category: CategoryID?) -> CatalogSnapshot
    /// As `snapshot(selecting:)`, with only a stretch of the selected category's items in `order`
    /// that holds page `page` (clamped): what a list page needs, whatever the category's size.
    func snapshot(selecting category: CategoryID?, order: ItemOrder, page: Int, pageSize: Int) -> CatalogSnapshot
    /// The items at `positions` (clamped) of the category's list in `order`.
    func items(in category: CategoryID, order: ItemOrder, positions: Range<Int>) -> [Item]
    /// Where `item` stands in the category's list in `order`; nil when it is not in the category.
    func position(of item: ItemID, in category: CategoryID, order: ItemOrder) -> Int?

    /// `creator` is who added the item (nil: nobody, so only administrators may change it).
    func addItem(_ draft: ItemDraft, to category: CategoryID, creator: UserID?) throws -> Item
    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item
    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item
    func deleteItem(_ id: ItemID) throws
}

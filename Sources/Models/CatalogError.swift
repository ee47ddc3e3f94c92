/// Why a catalog write was refused.
public enum CatalogError: Error, Hashable, Sendable {
    case unknownCategory(CategoryID)
    case unknownItem(ItemID)
    /// Other instances kept changing the item while this edit was made again and again.
    case editConflict(ItemID)
}

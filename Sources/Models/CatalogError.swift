/// Why a catalog write was refused.
public enum CatalogError: Error, Hashable, Sendable {
    case unknownCategory(CategoryID)
    case unknownItem(ItemID)
}

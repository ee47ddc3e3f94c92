import Models
import ViewModels

/// The Library tab: sidebar of categories, a category's items, an item's detail tabs, settings.
public enum LibraryRoute: Hashable, Sendable, Codable {
    /// `/library`: the remembered (or first) category.
    case home
    /// `/library/{category}`
    case category(CategoryID)
    /// `/library/{category}/items/{id}` (tab `nil`, shown as Overview) or `…/{id}/{tab}`.
    case item(CategoryID, ItemID, DetailTab?)
    /// `/library/{category}/items/new`: a sheet over the category.
    case newItem(CategoryID)
    /// `/library/{category}/items/{id}/delete`: a sheet over the item.
    case deleteItem(CategoryID, ItemID)
    /// `/library/settings`
    case settings

    /// The category this route shows, if any.
    public var category: CategoryID? {
        switch self {
        case .category(let category), .item(let category, _, _), .newItem(let category), .deleteItem(let category, _):
            category
        case .home, .settings:
            nil
        }
    }

    /// The item this route shows, if any.
    public var item: ItemID? {
        switch self {
        case .item(_, let item, _), .deleteItem(_, let item): item
        case .home, .category, .newItem, .settings: nil
        }
    }
}

import Models
import ViewModels

/// The Library tab: sidebar of categories, a category's items, an item's detail tabs, settings.
public enum LibraryRoute: Hashable, Sendable {
    /// `/library`: not a screen of its own while there are categories. It answers with a redirect
    /// to the remembered (or first) category's URL, so each list has one URL; it shows the empty
    /// Library only when there is no category at all.
    case home
    /// `/library/{category}` (page 1) or `/library/{category}?page={page}`: a page of the
    /// category's list. `page` is 1 or more; which pages exist depends on the data, so a page past
    /// the end parses and is answered 404 by the coordinator.
    case category(CategoryID, page: Int = 1)
    /// `/library/{category}/items/{id}` (tab `nil`, shown as Overview) or `…/{id}/{tab}`. The list
    /// beside it shows the page that holds the item: the URL names no page, the stack keeps it.
    case item(CategoryID, ItemID, DetailTab?)
    /// `/library/{category}/items/new`: a sheet over the category.
    case newItem(CategoryID)
    /// `/library/{category}/items/new/{step}`: a step of the "Add in steps" wizard, a sheet over
    /// the category whose state its own coordinator keeps.
    case addItem(CategoryID, WizardStep)
    /// `/library/{category}/items/{id}/delete`: a sheet over the item.
    case deleteItem(CategoryID, ItemID)
    /// `/library/settings`
    case settings

    /// The category this route shows, if any.
    public var category: CategoryID? {
        switch self {
        case .category(let category, _), .item(let category, _, _), .newItem(let category), .deleteItem(let category, _),
            .addItem(let category, _):
            category
        case .home, .settings:
            nil
        }
    }

    /// The item this route shows, if any.
    public var item: ItemID? {
        switch self {
        case .item(_, let item, _), .deleteItem(_, let item): item
        case .home, .category, .newItem, .addItem, .settings: nil
        }
    }

    /// The page of the category's list this route names; nil for routes that name none.
    public var listPage: Int? {
        if case .category(_, let page) = self { return page }
        return nil
    }
}

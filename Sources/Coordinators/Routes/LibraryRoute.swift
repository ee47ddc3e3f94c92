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
    /// `/library/{category}/items/{id}` (tab `nil`, shown as Overview) or `…/{id}/details`,
    /// `…/{id}/options`. The list beside it shows the page that holds the item: the URL names no
    /// page, the stack keeps it.
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
        case .category(let category, _), .item(let category, _, _), .newItem(let category), .deleteItem(let category, _):
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

    /// The page of the category's list this route names; nil for routes that name none.
    public var listPage: Int? {
        if case .category(_, let page) = self { return page }
        return nil
    }

    @usableFromInline enum URLs {
        @usableFromInline static let home = RouteDeclaration("/library", title: "Library") { _ in .library(.home) }
        @usableFromInline static let settings = RouteDeclaration("/library/", .reserved("settings"), forms: true, title: "Settings") {
            _ in .library(.settings)
        }
        @usableFromInline static let category = RouteDeclaration("/library/", .category, .page) {
            .library(.category($0.category, page: $0.page))
        }
        @usableFromInline static let newItem = RouteDeclaration("/library/", .category, "/items/new", forms: true, title: "New item") {
            .library(.newItem($0.category))
        }
        @usableFromInline static let item = RouteDeclaration("/library/", .category, "/items/", .item) {
            .library(.item($0.category, $0.item, nil))
        }
        /// Another spelling of the item's own URL, which is its Overview: parsed, never printed
        /// (Web redirects it).
        static let overview = RouteDeclaration("/library/", .category, "/items/", .item, "/overview") {
            .library(.item($0.category, $0.item, nil))
        }
        @usableFromInline static let details = RouteDeclaration("/library/", .category, "/items/", .item, "/details") {
            .library(.item($0.category, $0.item, .details))
        }
        @usableFromInline static let options = RouteDeclaration("/library/", .category, "/items/", .item, "/options", forms: true) {
            .library(.item($0.category, $0.item, .options))
        }
        @usableFromInline static let deleteItem = RouteDeclaration(
            "/library/", .category, "/items/", .item, "/delete", forms: true, title: "Delete item?"
        ) { .library(.deleteItem($0.category, $0.item)) }

        /// `settings` before the category it could also spell.
        static let all = [home, settings, category, newItem, item, overview, details, options, deleteItem]
    }

    @inlinable
    public var declared: DeclaredRoute {
        switch self {
        case .home: DeclaredRoute(URLs.home)
        case .settings: DeclaredRoute(URLs.settings)
        case .category(let category, let page): DeclaredRoute(URLs.category, RouteValues(category: category, page: page))
        case .newItem(let category): DeclaredRoute(URLs.newItem, RouteValues(category: category))
        case .item(let category, let item, nil), .item(let category, let item, .overview):
            DeclaredRoute(URLs.item, RouteValues(category: category, item: item))
        case .item(let category, let item, .details): DeclaredRoute(URLs.details, RouteValues(category: category, item: item))
        case .item(let category, let item, .options): DeclaredRoute(URLs.options, RouteValues(category: category, item: item))
        case .deleteItem(let category, let item): DeclaredRoute(URLs.deleteItem, RouteValues(category: category, item: item))
        }
    }
}

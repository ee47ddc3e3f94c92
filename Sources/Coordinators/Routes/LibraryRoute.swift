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
        @usableFromInline enum Home: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library", title: "Library") { _ in .library(.home) }
            }
        }
        @usableFromInline enum Settings: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .reserved("settings"), forms: true, title: "Settings") { _ in .library(.settings) }
            }
        }
        @usableFromInline enum Category: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, .page) { .library(.category($0.category, page: $0.page)) }
            }
        }
        @usableFromInline enum NewItem: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/new", forms: true, title: "New item") { .library(.newItem($0.category)) }
            }
        }
        @usableFromInline enum Item: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item) { .library(.item($0.category, $0.item, nil)) }
            }
        }
        /// Another spelling of the item's own URL, which is its Overview: parsed, never printed
        /// (Web redirects it).
        @usableFromInline enum Overview: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/overview") { .library(.item($0.category, $0.item, nil)) }
            }
        }
        @usableFromInline enum Details: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/details") { .library(.item($0.category, $0.item, .details)) }
            }
        }
        @usableFromInline enum Options: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/options", forms: true) { .library(.item($0.category, $0.item, .options)) }
            }
        }
        @usableFromInline enum DeleteItem: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/delete", forms: true, title: "Delete item?") { .library(.deleteItem($0.category, $0.item)) }
            }
        }

        /// `settings` before the category it could also spell.
        static var all: [RoutePattern] { [Home.pattern, Settings.pattern, Category.pattern, NewItem.pattern, Item.pattern, Overview.pattern, Details.pattern, Options.pattern, DeleteItem.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    @inlinable @inline(__always)
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .home: visitor.visit(URLs.Home.self, RouteValues())
        case .settings: visitor.visit(URLs.Settings.self, RouteValues())
        case .category(let category, let page): visitor.visit(URLs.Category.self, RouteValues(category: category, page: page))
        case .newItem(let category): visitor.visit(URLs.NewItem.self, RouteValues(category: category))
        case .item(let category, let item, nil), .item(let category, let item, .overview):
            visitor.visit(URLs.Item.self, RouteValues(category: category, item: item))
        case .item(let category, let item, .details): visitor.visit(URLs.Details.self, RouteValues(category: category, item: item))
        case .item(let category, let item, .options): visitor.visit(URLs.Options.self, RouteValues(category: category, item: item))
        case .deleteItem(let category, let item): visitor.visit(URLs.DeleteItem.self, RouteValues(category: category, item: item))
        }
    }
}

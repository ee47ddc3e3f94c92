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
    /// `/library/{category}/items/new/{step}`: a step of the "Add in steps" wizard, a sheet over
    /// the category whose state its own coordinator keeps.
    case addItem(CategoryID, WizardStep)
    /// `/library/{category}/items/{id}/delete`: a sheet over the item.
    case deleteItem(CategoryID, ItemID)
    /// A pane of the Library that belongs to no category: `/library/settings`, … (`LibraryPane`).
    case pane(LibraryPane)

    /// `/library/settings`
    public static var settings: LibraryRoute { .pane(.settings) }

    /// The category this route shows, if any.
    public var category: CategoryID? {
        switch self {
        case .category(let category, _), .item(let category, _, _), .newItem(let category), .deleteItem(let category, _),
            .addItem(let category, _):
            category
        case .home, .pane:
            nil
        }
    }

    /// The item this route shows, if any.
    public var item: ItemID? {
        switch self {
        case .item(_, let item, _), .deleteItem(_, let item): item
        case .home, .category, .newItem, .addItem, .pane: nil
        }
    }

    /// The page of the category's list this route names; nil for routes that name none.
    public var listPage: Int? {
        if case .category(_, let page) = self { return page }
        return nil
    }

    enum URLs {
        enum Home: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library", title: "Library") { _ in .library(.home) }
            }
        }
        enum Category: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, .page) { .library(.category($0.category, page: $0.page)) }
            }
        }
        enum NewItem: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/new", forms: true, title: "New item", failure: "Item not added") { .library(.newItem($0.category)) }
            }
        }
        /// The steps of "Add in steps", each its own URL.
        enum AddItemTitle: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/new/title", forms: true, failure: "Item not added") { .library(.addItem($0.category, .title)) }
            }
        }
        enum AddItemDetails: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/new/details", forms: true, failure: "Item not added") { .library(.addItem($0.category, .details)) }
            }
        }
        enum AddItemReview: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/new/review", forms: true, failure: "Item not added") { .library(.addItem($0.category, .review)) }
            }
        }
        enum Item: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item) { .library(.item($0.category, $0.item, nil)) }
            }
        }
        /// Another spelling of the item's own URL, which is its Overview: parsed, never printed
        /// (Web redirects it).
        enum Overview: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/overview") { .library(.item($0.category, $0.item, nil)) }
            }
        }
        enum Details: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/details") { .library(.item($0.category, $0.item, .details)) }
            }
        }
        enum Options: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/options", forms: true, failure: "Changes not saved") { .library(.item($0.category, $0.item, .options)) }
            }
        }
        enum DeleteItem: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .category, "/items/", .item, "/delete", forms: true, title: "Delete item?", failure: "Item not deleted") { .library(.deleteItem($0.category, $0.item)) }
            }
        }

        /// The panes (`settings`) before the category they could also spell.
        static var all: [RoutePattern] { [Home.pattern] + LibraryPane.URLs.all + [Category.pattern, NewItem.pattern, AddItemTitle.pattern, AddItemDetails.pattern, AddItemReview.pattern, Item.pattern, Overview.pattern, Details.pattern, Options.pattern, DeleteItem.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .home: visitor.visit(URLs.Home.self, RouteValues())
        case .pane(let pane): pane.declare(to: &visitor)
        case .category(let category, let page): visitor.visit(URLs.Category.self, RouteValues(category: category, page: page))
        case .newItem(let category): visitor.visit(URLs.NewItem.self, RouteValues(category: category))
        case .addItem(let category, .title): visitor.visit(URLs.AddItemTitle.self, RouteValues(category: category))
        case .addItem(let category, .details): visitor.visit(URLs.AddItemDetails.self, RouteValues(category: category))
        case .addItem(let category, .review): visitor.visit(URLs.AddItemReview.self, RouteValues(category: category))
        case .item(let category, let item, nil), .item(let category, let item, .overview):
            visitor.visit(URLs.Item.self, RouteValues(category: category, item: item))
        case .item(let category, let item, .details): visitor.visit(URLs.Details.self, RouteValues(category: category, item: item))
        case .item(let category, let item, .options): visitor.visit(URLs.Options.self, RouteValues(category: category, item: item))
        case .deleteItem(let category, let item): visitor.visit(URLs.DeleteItem.self, RouteValues(category: category, item: item))
        }
    }

    // The printer: hand-written for speed (a page prints dozens of links, and a printer walking
    // the declaration cost 8 % more instructions per page), and held to the declaration above by
    // `RoutePrintingTests.everyRoutePrintsAsItsDeclarationSpellsIt`.
    /// `/library/{category}[/items/{item}]{tail}`, and a list's page past the first as
    /// `?page={page}`. A page prints dozens of these.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .home:
            writer.append("/library")
        case .pane(let pane):
            pane.write(to: &writer)
        case .category(let category, let page):
            Self.write(category, to: &writer)
            // The first page is the category's own URL: one spelling per screen.
            if page != 1 {
                writer.append("?page=")
                writer.append(decimal: page)
            }
        case .item(let category, let item, let tab):
            Self.write(category, item: item, to: &writer)
            switch tab {
            // The Overview is the item's own URL: one spelling per screen.
            case nil, .overview: break
            // Spelled out rather than read from `rawValue`, which would make a string per link.
            // (The parser matches `DetailTab(rawValue:)`; the round-trip tests hold the two together.)
            case .details: writer.append("/details")
            case .options: writer.append("/options")
            }
        case .newItem(let category):
            Self.write(category, to: &writer)
            writer.append("/items/new")
        case .addItem(let category, let step):
            Self.write(category, to: &writer)
            writer.append("/items/new/")
            switch step {
            case .title: writer.append("title")
            case .details: writer.append("details")
            case .review: writer.append("review")
            }
        case .deleteItem(let category, let item):
            Self.write(category, item: item, to: &writer)
            writer.append("/delete")
        }
    }

    @inlinable
    static func write<Output: ~Copyable>(_ category: CategoryID, item: ItemID? = nil, to writer: inout RouteWriter<Output>) {
        writer.append("/library/")
        write(slug: category.rawValue, to: &writer)
        if let item {
            writer.append("/items/")
            writer.append(decimal: item.rawValue)
        }
    }

    /// A category's slug. One spelled like the reserved word `settings` is fully escaped: the parser
    /// matches that word only as written, so the category stays reachable and the round trip exact.
    @inlinable
    static func write<Output: ~Copyable>(slug: String, to writer: inout RouteWriter<Output>) {
        if slug.utf8.count == 8 && slug == "settings" {
            writer.append(componentEscapingAll: slug)
        } else {
            writer.append(component: slug)
        }
    }
}

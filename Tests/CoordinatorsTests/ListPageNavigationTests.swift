@testable import Coordinators
import Foundation
import Models
import Navigation
import Testing
import ViewModels

/// A long category is listed a page at a time: `?page=N` is part of the list's URL, the stack
/// keeps the page under a selected item, and every link (tab, breadcrumb, back, close, pager)
/// leads to the page the list stands on.
@Suite struct ListPageNavigationTests {
    /// Books holds 120 items: pages 1 (1–50), 2 (51–100) and 3 (101–120).
    let fixture = Fixture.paged(itemsInBooks: 120)
    var ada: Viewer { .signedIn(fixture.ada) }

    @Test func aPageOfTheListShowsItsRowsAndAPager() throws {
        let app = fixture.coordinator()
        let screen = try #require(app.screen(at: "/library/books?page=2"))
        let list = try #require(screen.library?.list)
        #expect(list.rows.map(\.title) == (51...100).map { "Book \($0)" })
        #expect(list.url == .library(.category(books, page: 2)))
        let pager = try #require(list.pagination)
        #expect(pager.label == "Pages of Books")
        #expect(pager.status == "Items 51–100 of 120")
        #expect(pager.previous?.href.print() == "/library/books")
        #expect(pager.next?.href.print() == "/library/books?page=3")
        #expect(pager.marks.map { $0.href?.print() } == ["/library/books", "/library/books?page=2", "/library/books?page=3"])
        #expect(pager.marks.filter(\.isCurrent).map(\.number) == [2])
        #expect(screen.title == "Books, page 2")
        #expect(app.library.stack.pages == [.category(books, page: 2)])
    }

    @Test func aListThatFitsOnOnePageHasNoPager() throws {
        let screen = try #require(fixture.coordinator().screen(at: "/library/films"))
        #expect(screen.library?.list?.pagination == nil)
        #expect(screen.library?.list?.rows.count == 1)
    }

    @Test func selectingAnItemKeepsTheListOnItsPage() throws {
        let app = fixture.coordinator()
        let page = try #require(app.screen(at: "/library/books?page=3"))
        let link = try #require(page.library?.list?.rows.first { $0.title == "Book 110" })
        #expect(link.href.print() == "/library/books/items/110")

        let item = try #require(app.screen(at: link.href.print()))
        #expect(app.library.stack.pages == [.category(books, page: 3), .item(books, ItemID(110), nil)])
        let list = try #require(item.library?.list)
        #expect(list.rows.first?.title == "Book 101")
        #expect(list.rows.filter(\.isSelected).map(\.title) == ["Book 110"])
        #expect(item.backLink?.href.print() == "/library/books?page=3")
        #expect(item.breadcrumbs.map { $0.href.print() } == ["/library/books?page=3"])
        #expect(item.breadcrumbs.map(\.title) == ["Books, page 3"])
        #expect(item.library?.detail?.closeHref.print() == "/library/books?page=3")
        // The active tab's link pops to the root: the list on its page.
        #expect(item.tabHrefs.first == "/library/books?page=3")

        // Another tab remembers the item; following it back restores the page too.
        let flow = try #require(app.screen(at: "/flow"))
        #expect(flow.tabHrefs.first == "/library/books/items/110")
        let back = try #require(app.screen(at: "/library/books/items/110"))
        #expect(back.library?.list?.rows.first?.title == "Book 101")
    }

    @Test func aDeepLinkToAnItemOpensTheListAtThePageThatHoldsIt() throws {
        let app = fixture.coordinator()
        let screen = try #require(app.screen(at: "/library/books/items/75/details"))
        #expect(app.library.stack.root == .category(books, page: 2))
        #expect(screen.library?.list?.pagination?.marks.filter(\.isCurrent).map(\.number) == [2])
        #expect(screen.library?.list?.rows.filter(\.isSelected).map(\.title) == ["Book 75"])
        // The item's tabs keep the page.
        _ = app.screen(at: "/library/books/items/75/options")
        #expect(app.library.stack.root == .category(books, page: 2))
        app.library.selectTab(.details)
        #expect(app.library.stack.pages == [.category(books, page: 2), .item(books, ItemID(75), .details)])
    }

    @Test func backFromTheItemIsTheListOnItsPage() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books?page=3")
        _ = app.screen(at: "/library/books/items/110")
        let list = try #require(app.screen(at: "/library/books?page=3"))
        #expect(list.library?.detail == nil)
        #expect(app.library.stack.pages == [.category(books, page: 3)])
        #expect(app.ledger.entries.last?.kind == .pop)
    }

    @Test func theSheetsKeepTheListOnItsPage() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books?page=3", viewer: ada)
        let new = try #require(app.screen(at: "/library/books/items/new", viewer: ada))
        #expect(app.library.stack.root == .category(books, page: 3))
        #expect(new.sheet?.dismissHref.print() == "/library/books?page=3")
        #expect(new.library?.list?.rows.first?.title == "Book 101")

        // From another category's list the sheet opens over the first page.
        _ = app.screen(at: "/library/films", viewer: ada)
        _ = app.screen(at: "/library/books/items/new", viewer: ada)
        #expect(app.library.stack.root == .category(books))

        let delete = try #require(app.screen(at: "/library/books/items/110/delete", viewer: ada))
        #expect(app.library.stack.root == .category(books, page: 3))
        #expect(delete.sheet?.dismissHref.print() == "/library/books/items/110")
    }

    @Test func aRefusedEditKeepsTheListOnThePageOfTheItem() throws {
        let app = fixture.coordinator()
        let refused = try app.submit(.library(.item(books, ItemID(110), .options)), form: ["title": ""], viewer: ada)
        let screen = try #require(refused.screen)
        #expect(screen.status == .invalid)
        #expect(app.library.stack.root == .category(books, page: 3))
        #expect(screen.library?.list?.rows.filter(\.isSelected).map(\.title) == ["Book 110"])
    }

    @Test func adoptedTabsKeepTheirPage() throws {
        let elsewhere = fixture.coordinator()
        _ = elsewhere.screen(at: "/library/books?page=3")
        let app = fixture.coordinator()
        app.adoptTabs(from: elsewhere.snapshot())
        #expect(app.library.stack.pages == [.category(books, page: 3)])
    }

    @Test func deletingReturnsToThePageTheItemWasOnOrTheLastOneLeft() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books/items/75/delete", viewer: ada)
        #expect(try app.submit(.library(.deleteItem(books, ItemID(75))), form: [:], viewer: ada)
            == .redirect(.library(.category(books, page: 2))))

        // 119 items: deleting the 20th on page 3 leaves 99, two pages.
        for id in 101...119 { try fixture.catalog.deleteItem(ItemID(id)) }
        _ = app.screen(at: "/library/books/items/120/delete", viewer: ada)
        #expect(try app.submit(.library(.deleteItem(books, ItemID(120))), form: [:], viewer: ada)
            == .redirect(.library(.category(books, page: 2))))
    }

    @Test func pruningMovesTheListToThePageThatStillHoldsTheItem() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books/items/110")
        let other = fixture.coordinator()
        _ = other.screen(at: "/library/books?page=3")
        let reader = fixture.coordinator()
        _ = reader.screen(at: "/library/books/items/120")

        for id in 1...20 { try fixture.catalog.deleteItem(ItemID(id)) }
        app.pruneStaleLocations()
        // Item 110 is now the 90th: page 2.
        #expect(app.library.stack.pages == [.category(books, page: 2), .item(books, ItemID(110), nil)])

        for id in 21...40 { try fixture.catalog.deleteItem(ItemID(id)) }
        other.pruneStaleLocations()
        // 80 items left: page 3 is gone, the last page stands.
        #expect(other.library.stack.pages == [.category(books, page: 2)])

        try fixture.catalog.deleteItem(ItemID(120))
        reader.pruneStaleLocations()
        // The item is gone: the list it was on stays, or its last page.
        #expect(reader.library.stack.pages == [.category(books, page: 2)])
    }

    @Test func aRestoredSessionKeepsThePage() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books/items/110/details")
        let data = try JSONEncoder().encode(app.snapshot())
        let restored = AppCoordinator(
            restoring: try JSONDecoder().decode(NavigationSnapshot.self, from: data), dependencies: fixture.dependencies)
        #expect(restored.library.stack.pages == [.category(books, page: 3), .item(books, ItemID(110), .details)])

        _ = app.screen(at: "/library/books?page=2")
        let again = AppCoordinator(
            restoring: try JSONDecoder().decode(NavigationSnapshot.self, from: try JSONEncoder().encode(app.snapshot())),
            dependencies: fixture.dependencies)
        #expect(again.library.stack.pages == [.category(books, page: 2)])
        #expect(again.show(.root, viewer: visitor) == .redirect(.library(.category(books, page: 2))))
    }

    @Test func noScreenLinksToAURLThatOnlyRedirects() throws {
        let app = fixture.coordinator()
        var seen: Set<AppRoute> = []
        for url in ["/flow", "/library/books?page=2", "/library/books/items/110", "/library/settings", "/screen/sheet", "/_navigation"] {
            let fresh = fixture.coordinator()
            for screen in [app.screen(at: url, viewer: ada), fresh.screen(at: url)] {
                seen.formUnion(try #require(screen).allRoutes)
            }
        }
        #expect(!seen.isEmpty)
        for route in seen where route != .root && route != .account(.logout) {
            let outcome = fixture.coordinator().show(route, viewer: ada)
            if case .canonical = outcome { Issue.record("\(route.print()) only redirects") }
            #expect(route.canonicalLocation(path: route.print().split(separator: "?").first.map(String.init) ?? "",
                                            query: route.print().split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init)) == nil)
        }
    }
}

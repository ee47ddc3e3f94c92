@testable import Coordinators
import Models
import TestSupport
import Testing

@Suite struct LibraryNavigationTests {
    @Test func changingCategoryClearsTheItem() {
        let app = Fixture().coordinator()
        app.library.navigateToItem(ItemID(1), in: books, tab: .details)
        #expect(app.library.selectedItem == ItemID(1))
        #expect(app.library.selectedTab == .details)
        app.library.navigateToCategory(films)
        #expect(app.library.selectedCategory == films)
        #expect(app.library.selectedItem == nil)
        #expect(app.library.selectedTab == nil)
    }

    @Test func changingCategoryByURLClearsTheItemOnScreen() throws {
        let app = Fixture().coordinator()
        let item = try #require(app.screen(at: "/library/books/items/1"))
        #expect(item.library?.detail?.title == "Dune")
        let films = try #require(app.screen(at: "/library/films"))
        #expect(films.library?.detail == nil)
        #expect(films.library?.list?.categoryName == "Films")
        #expect(films.library?.categories.filter(\.isSelected).map(\.name) == ["Films"])
    }

    @Test func clearingTheSelectionAndResettingForgetItems() {
        let app = Fixture().coordinator()
        app.library.navigateToItem(ItemID(2), in: books)
        app.library.clearItemSelection()
        #expect(app.library.stack.pages == [.category(books)])
        app.library.resetNavigation()
        #expect(app.library.stack.pages == [.home])
        #expect(app.library.selectedCategory == nil)
    }

    @Test func libraryHomeIsAnotherNameOfTheRememberedCategoryOrTheFirst() throws {
        let app = Fixture().coordinator()
        #expect(app.show(.library(.home), viewer: visitor) == .canonical(.library(.category(books))))
        _ = app.screen(at: "/library/films/items/3")
        _ = app.screen(at: "/library/settings")
        let before = app.snapshot()
        #expect(app.show(.library(.home), viewer: visitor) == .canonical(.library(.category(films))))
        // Naming the list another way moves nothing: the redirect's target does.
        #expect(app.snapshot() == before)
        #expect(app.library.stack.pages == [.settings])
    }

    @Test func libraryHomeIsAScreenOnlyWithoutCategories() throws {
        let fixture = Fixture(catalog: InMemoryCatalog(categories: [], items: []))
        let app = fixture.coordinator()
        let screen = try #require(app.screen(at: "/library"))
        #expect(screen.url == .library(.home))
        #expect(screen.library?.list == nil)
        #expect(screen.tabs.first?.href == .library(.home))
    }

    @Test func itemDetailTabsLinkToEachTab() throws {
        let screen = try #require(Fixture().coordinator().screen(at: "/library/books/items/1/options"))
        let detail = try #require(screen.library?.detail)
        #expect(detail.tabs.map { $0.href.print() } == [
            "/library/books/items/1", "/library/books/items/1/details", "/library/books/items/1/options",
        ])
        #expect(detail.tabs.filter(\.isCurrent).map(\.title) == ["Options"])
        #expect(detail.options?.deleteHref.print() == "/library/books/items/1/delete")
        #expect(detail.options?.editForm.action.print() == "/library/books/items/1/options")
        #expect(screen.backLink?.href.print() == "/library/books")
        #expect(screen.breadcrumbs.map(\.title) == ["Books"])
    }

    @Test func oddSlugsArePrintedEscapedInEveryLink() throws {
        let screen = try #require(Fixture().coordinator().screen(at: "/library/books"))
        #expect(screen.library?.categories.map { $0.href.print() }.contains("/library/odd%20slug%2F%C3%BC") == true)
        let odd = try #require(Fixture().coordinator().screen(at: "/library/odd%20slug%2F%C3%BC"))
        #expect(odd.library?.list?.categoryName == "Odd")
    }

    @Test(arguments: [
        "/library/films", "/library/books", "/library/books/items/1", "/library/books/items/2/options",
        "/library/settings", "/library/books/items/new", "/library/books/items/1/delete", "/flow/secondary1/tertiary", "/screen/sheet", "/login?next=%2Fflow", "/_navigation",
    ])
    func everyLinkOnAScreenIsAPrintedRoute(_ url: String) throws {
        let app = Fixture().coordinator()
        let viewer = url.hasPrefix("/login") ? visitor : .signedIn(Fixture().ada)
        let screen = try #require(app.screen(at: url, viewer: viewer))
        for href in screen.allURLs {
            #expect(AppRoute.parse(url: href)?.print() == href, "\(href)")
        }
    }
}

@testable import Coordinators
import Models
import Testing

@Suite struct NotFoundTests {
    @Test(arguments: [
        // Never `/library` itself, which redirects: the list it stands for.
        ("/library/nope", "/library/books"),
        ("/library/nope/items/99/details", "/library/books"),
        ("/library/books/items/99", "/library/books"),
        ("/library/books/items/99/delete", "/library/books"),
    ])
    func deepLinksToMissingThingsOfferTheNearestScreen(_ url: String, _ nearest: String) throws {
        let fixture = Fixture()
        let outcome = fixture.coordinator().show(try #require(AppRoute.parse(url: url)), viewer: .signedIn(fixture.ada))
        let screen = try #require(outcome.screen)
        #expect(screen.status == .notFound)
        #expect(screen.notFound?.nearest.href.print() == nearest)
        #expect(screen.notFound?.closest == [])
    }

    @Test func aLinkToAMovedItemRedirectsToItsCanonicalURL() {
        let app = Fixture().coordinator()
        #expect(app.show(.library(.item(films, ItemID(1), .details)), viewer: visitor) == .redirect(.library(.item(books, ItemID(1), .details))))
    }

    @Test(arguments: [
        ("/flow/tertiary", "/flow"),
        ("/flow/secondary2/tertiary", "/flow/secondary2"),
        ("/library/books/items/abc", "/library/books"),
        ("/library/ghost/items/abc", "/library/books"),
        ("/nowhere/at/all", "/library/books"),
    ])
    func unparseableURLsOfferTheLongestPrefixThatExists(_ path: String, _ nearest: String) {
        let screen = Fixture().coordinator().notFound(path: path, viewer: visitor).screen
        #expect(screen?.status == .notFound)
        #expect(screen?.notFound?.nearest.href.print() == nearest)
        // The path asked for names no route: it is kept as asked, and the screen stands at the nearest.
        #expect(screen?.notFound?.requestedPath == path)
        #expect(screen?.url.print() == nearest)
    }

    @Test func aPagePastTheEndOffersTheLastPage() throws {
        let fixture = Fixture.paged(itemsInBooks: 120)
        let outcome = fixture.coordinator().show(.library(.category(books, page: 4)), viewer: visitor)
        let screen = try #require(outcome.screen)
        #expect(screen.status == .notFound)
        #expect(screen.notFound?.nearest.href.print() == "/library/books?page=3")
        #expect(screen.notFound?.nearest.title == "Books, page 3")
    }

    @Test(arguments: ["page=abc", "page=0", "page=-1", "page=02", "page=", "page", "page=1.5", "page=+2"])
    func aMalformedPageNamesNoScreenAndOffersTheCategory(_ query: String) throws {
        #expect(AppRoute.parse(path: "/library/books", query: query) == nil)
        let screen = try #require(Fixture().coordinator().notFound(path: "/library/books", query: query, viewer: visitor).screen)
        #expect(screen.status == .notFound)
        #expect(screen.notFound?.nearest.href.print() == "/library/books")
    }

    @Test func devModeListsTheClosestRoutes() throws {
        let app = Fixture(isDevelopment: true).coordinator()
        let screen = try #require(app.notFound(path: "/flow/secondary3", viewer: visitor).screen)
        let closest = try #require(screen.notFound?.closest)
        #expect(closest.count == 5)
        #expect(closest.prefix(2).map { $0.href.print() }.sorted() == ["/flow/secondary1", "/flow/secondary2"])
        let item = try #require(app.notFound(path: "/library/book/items/2", viewer: visitor).screen?.notFound)
        #expect(item.closest.first?.href.print() == "/library/books/items/2")
    }
}

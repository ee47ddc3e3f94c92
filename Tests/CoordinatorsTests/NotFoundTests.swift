@testable import Coordinators
import Models
import Testing

@Suite struct NotFoundTests {
    @Test(arguments: [
        ("/library/nope", "/library"),
        ("/library/nope/items/99/details", "/library"),
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
        ("/library/ghost/items/abc", "/library"),
        ("/nowhere/at/all", "/library"),
    ])
    func unparseableURLsOfferTheLongestPrefixThatExists(_ path: String, _ nearest: String) {
        let screen = Fixture().coordinator().notFound(path: path, viewer: visitor).screen
        #expect(screen?.status == .notFound)
        #expect(screen?.notFound?.nearest.href.print() == nearest)
        // The path asked for names no route: it is kept as asked, and the screen stands at the nearest.
        #expect(screen?.notFound?.requestedPath == path)
        #expect(screen?.url.print() == nearest)
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

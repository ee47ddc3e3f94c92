@testable import Coordinators
import Models
import Testing

/// A GET decides under the session's lock and builds its screen after it, from the navigation state as a value:
/// the screen must show the state as decided, whatever the coordinator does in between.
@Suite struct PendingOutcomeTests {
    @Test(arguments: [
        "/library/books/items/1/details", "/library/films", "/library/settings", "/flow/secondary1/tertiary",
        "/screen/sheet", "/login?next=%2Flibrary%2Fbooks", "/_navigation", "/library/nothing-here",
    ])
    func aScreenBuiltLaterIsTheScreenShownNow(_ url: String) throws {
        let route = try #require(AppRoute.parse(url: url))
        let shown = Fixture().coordinator()
        let deferred = Fixture().coordinator()
        for earlier in ["/library/books/items/2", "/flow/secondary2"] {
            _ = shown.screen(at: earlier)
            _ = deferred.screen(at: earlier)
        }
        let expected = shown.show(route, viewer: visitor)
        let pending = deferred.navigate(to: route, viewer: visitor)
        // The live coordinator moves on before the screen is built.
        _ = deferred.screen(at: "/screen/detail")
        _ = deferred.screen(at: "/library/films/items/3/options")
        #expect(pending.outcome() == expected)
    }

    @Test func redirectsAreDecidedWithoutAScreen() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/library/films")
        #expect(app.navigate(to: .root, viewer: visitor).outcome() == .redirect(.library(.category(films))))
        #expect(
            app.navigate(to: .library(.newItem(books)), viewer: visitor).outcome()
                == .redirect(.account(.login(next: .library(.newItem(books))))))
    }

    @Test func thePendingScreenCarriesTheStateAsDecided() throws {
        let app = Fixture().coordinator()
        for url in ["/library/books/items/1", "/flow/secondary1", "/screen/detail", "/login?next=%2Fflow"] {
            _ = app.screen(at: url)
        }
        let pending = app.navigate(to: .flow(.secondary2), viewer: visitor)
        let decided = app.snapshot()
        _ = app.screen(at: "/library/films/items/3/options")
        guard case .build(let request, let builder) = pending else {
            Issue.record("a tab screen is built, not ready")
            return
        }
        #expect(request == .flow(.secondary2))
        #expect(builder.state == decided)
        #expect(builder.state != app.snapshot())
    }
}

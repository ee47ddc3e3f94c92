@testable import Coordinators
import Models
import Testing

/// Back can bring a page back without a request (the back/forward cache); the link followed from it
/// names it, and its tab is rebuilt from it before the request is decided.
@Suite struct ShownPageAdoptionTests {
    @Test func aFlowPageShownAgainByBackIsAdoptedWhenAnotherTabIsOpened() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1/tertiary")
        let shown = try #require(AppRoute.parse(url: "/flow"))
        let target = try #require(AppRoute.parse(url: "/library/books"))
        app.adoptShown(shown, before: target)
        let screen = try #require(app.show(target, viewer: visitor).screen)
        #expect(screen.tabHrefs.contains("/flow"))
        #expect(!screen.tabHrefs.contains("/flow/secondary1/tertiary"))
        let pops = app.ledger.entries.filter { $0.coordinator == "FlowCoordinator" && $0.kind == .pop }
        #expect(pops.map(\.page) == ["/flow/secondary1/tertiary", "/flow/secondary1"])
    }

    @Test func aSheetLeftWithBackIsDismissedBeforeTheNextTab() throws {
        let app = Fixture().coordinator()
        let ada = Viewer.signedIn(Fixture().ada)
        _ = app.screen(at: "/library/books/items/1/options", viewer: ada)
        _ = app.screen(at: "/library/books/items/1/delete", viewer: ada)
        app.adoptShown(try #require(AppRoute.parse(url: "/library/books/items/1/options")),
                       before: try #require(AppRoute.parse(url: "/flow")))
        let screen = try #require(app.screen(at: "/flow", viewer: ada))
        #expect(screen.tabHrefs.contains("/library/books/items/1/options"))
        #expect(app.ledger.entries.last?.kind == .dismiss || app.ledger.entries.dropLast().last?.kind == .dismiss)
    }

    @Test func thePageOfTheRequestsOwnTabAGoneItemOrAGuardedSheetIsNotAdopted() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1")
        let before = app.ledger.totalRecorded
        app.adoptShown(try #require(AppRoute.parse(url: "/flow")), before: try #require(AppRoute.parse(url: "/flow/secondary2")))
        _ = app.screen(at: "/library/books/items/1")
        let afterShow = app.ledger.totalRecorded
        app.adoptShown(try #require(AppRoute.parse(url: "/library/books/items/99")), before: try #require(AppRoute.parse(url: "/flow")))
        app.adoptShown(try #require(AppRoute.parse(url: "/library/books/items/new")), before: try #require(AppRoute.parse(url: "/flow")))
        #expect(app.ledger.totalRecorded == afterShow)
        #expect(afterShow > before)
        #expect(app.library.stack.visible == .item(books, ItemID(1), nil))
        #expect(app.flow.stack.visible == .secondary1)
    }

    @Test func aPageThatAgreesRecordsNothing() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1")
        let recorded = app.ledger.totalRecorded
        app.adoptShown(try #require(AppRoute.parse(url: "/flow/secondary1")), before: try #require(AppRoute.parse(url: "/screen")))
        #expect(app.ledger.totalRecorded == recorded)
    }
}

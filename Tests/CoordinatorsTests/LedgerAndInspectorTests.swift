@testable import Coordinators
import Models
import Testing

@Suite struct LedgerAndInspectorTests {
    @Test func theLedgerRecordsPushPopPresentAndDismissWithTimes() {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/screen/detail")
        _ = app.screen(at: "/screen/sheet")
        let entries = app.ledger.entries
        #expect(entries.map(\.kind) == [.push, .pop, .present])
        #expect(entries.map(\.page) == ["/screen/detail", "/screen/detail", "/screen/sheet"])
        #expect(entries.allSatisfy { $0.coordinator == "ScreenCoordinator" })
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        _ = app.screen(at: "/screen")
        #expect(app.ledger.entries.last?.kind == .dismiss)
    }

    @Test func theLedgerStaysBounded() {
        let app = Fixture().coordinator()
        for _ in 0..<100 {
            _ = app.screen(at: "/flow/secondary1/tertiary")
            _ = app.screen(at: "/flow")
        }
        #expect(app.ledger.count == 50)
        #expect(app.ledger.totalRecorded == 400)
    }

    @Test func theInspectorShowsTheTreeStacksAndEvents() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1/tertiary")
        _ = app.screen(at: "/screen/sheet")
        let snapshot = app.inspectorSnapshot()
        #expect(snapshot.root.name == "AppCoordinator")
        #expect(snapshot.root.children.map(\.name) == ["FlowCoordinator", "ScreenCoordinator"])
        #expect(snapshot.root.children.map(\.isActive) == [false, true])
        #expect(snapshot.stacks.map(\.name) == ["Library", "Flow", "Screen"])
        #expect(snapshot.stacks[1].pages == ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"])
        #expect(snapshot.stacks[2].sheet == "/screen/sheet")
        #expect(snapshot.events.map(\.kind) == ["push", "push", "present"])
        let screen = try #require(app.screen(at: "/_navigation"))
        #expect(screen.template == .inspector)
        #expect(app.lastLocation == .screen(.sheet))
    }

    @Test func idleSessionsMakeNoChildren() {
        let app = Fixture().coordinator()
        _ = app.show(.root, viewer: visitor)
        _ = app.inspectorSnapshot()
        #expect(app.children.isEmpty)
    }
}

@Suite struct SheetOverATabTests {
    let fixture = Fixture()
    var ada: Viewer { .signedIn(fixture.ada) }

    @Test func deletingFromOptionsKeepsOptionsUnderTheSheet() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books/items/1/options", viewer: ada)
        let before = app.ledger.entries.count
        let screen = try #require(app.screen(at: "/library/books/items/1/delete", viewer: ada))
        // Only the sheet is presented: nothing is popped or pushed under it.
        #expect(app.ledger.entries.dropFirst(before).map(\.kind) == [.present])
        #expect(app.library.stack.pushed == [.item(books, ItemID(1), .options)])
        #expect(screen.sheet?.dismissHref == .library(.item(books, ItemID(1), .options)))
        #expect(screen.breadcrumbs.map(\.href) == [.library(.category(books)), .library(.item(books, ItemID(1), .options))])
        _ = app.screen(at: "/library/books/items/1/options", viewer: ada)
        #expect(app.ledger.entries.last?.kind == .dismiss)
    }

    @Test func aDeepLinkToTheSheetStandsOverTheOverview() throws {
        let app = fixture.coordinator()
        let screen = try #require(app.screen(at: "/library/books/items/1/delete", viewer: ada))
        #expect(screen.sheet?.dismissHref == .library(.item(books, ItemID(1), nil)))
    }
}

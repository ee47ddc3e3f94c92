@testable import Coordinators
import Models
import ViewModels
import Testing

@Suite struct LedgerAndInspectorTests {
    @Test func theLedgerRecordsPushPopPresentAndDismissWithTimes() {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/screen/detail")
        _ = app.screen(at: "/screen/sheet")
        #expect(app.ledger.entries.first?.kind == .start)
        #expect(app.ledger.entries.first?.coordinator == "ScreenTabCoordinator")
        let entries = Array(app.ledger.entries.dropFirst())
        #expect(entries.map(\.kind) == [.push, .pop, .present])
        #expect(entries.map(\.page) == ["/screen/detail", "/screen/detail", "/screen/sheet"])
        #expect(entries.allSatisfy { $0.coordinator == "ScreenTabCoordinator" })
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
        #expect(app.ledger.totalRecorded == 401)  // the flow tab's start, then 400 steps
    }

    @Test func theInspectorShowsTheTreeStacksAndEvents() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1/tertiary")
        _ = app.screen(at: "/screen/sheet")
        let snapshot = app.inspectorSnapshot()
        #expect(snapshot.root.name == "AppCoordinator")
        #expect(snapshot.root.children.map(\.name) == ["FlowCoordinator", "ScreenTabCoordinator"])
        #expect(snapshot.root.children.map(\.isActive) == [false, true])
        #expect(snapshot.stacks.map(\.name) == ["Library", "Flow", "Screen"])
        #expect(snapshot.stacks[1].pages == ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"])
        #expect(snapshot.stacks[2].sheet == "/screen/sheet")
        #expect(snapshot.events.map(\.kind) == ["start", "push", "push", "start", "present"])
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

@Suite struct CoordinatorLifecycleTests {
    let fixture = Fixture()

    @Test func theAccountFlowFinishesWhenTheViewerSignsIn() throws {
        let app = fixture.coordinator()
        _ = app.screen(at: "/flow/secondary1")
        _ = app.screen(at: "/login?next=%2Fflow%2Fsecondary1")
        #expect(app.existingChild(AccountCoordinator.self) != nil)
        let outcome = try app.submit(
            .account(.login(next: .flow(.secondary1))), form: ["username": "ada", "password": "correct-horse"],
            viewer: visitor)
        #expect(outcome.location == .flow(.secondary1))
        #expect(app.existingChild(AccountCoordinator.self) == nil)
        let account = app.ledger.entries.filter { $0.coordinator == "AccountCoordinator" }.map(\.kind)
        #expect(account == [.start, .show, .finish])
        #expect(app.snapshot().returnTo == nil)
    }

    @Test func aSignedInViewerOnTheLoginPageFinishesTheFlowToo() {
        let app = fixture.coordinator()
        _ = app.screen(at: "/login")
        _ = app.show(.account(.login(next: nil)), viewer: .signedIn(fixture.ada))
        #expect(app.existingChild(AccountCoordinator.self) == nil)
        #expect(app.ledger.entries.last?.kind == .finish)
    }

    @Test func theInspectorFlagsAnAccountFlowThatOutlivesSigningIn() {
        let app = fixture.coordinator()
        _ = app.screen(at: "/login")
        let snapshot = app.inspectorSnapshot(isSignedIn: true)
        #expect(snapshot.root.children.first { $0.name == "AccountCoordinator" }?.warning != nil)
        #expect(InspectorViewModel(snapshot: snapshot).warnings.count == 1)
        #expect(app.inspectorSnapshot(isSignedIn: false).root.children.allSatisfy { $0.warning == nil })
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

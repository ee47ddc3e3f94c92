@testable import Coordinators
import Models
import Testing

@Suite struct TabNavigationTests {
    @Test func eachTabRemembersItsStack() throws {
        let app = Fixture().coordinator()
        _ = app.screen(at: "/flow/secondary1/tertiary")
        _ = app.screen(at: "/screen/detail")
        let library = try #require(app.screen(at: "/library/books/items/2"))
        #expect(library.tabHrefs == ["/library/books", "/flow/secondary1/tertiary", "/screen/detail"])
        #expect(library.tabs.map(\.isCurrent) == [true, false, false])
        #expect(app.flow.stack.pages == [.primary, .secondary1, .tertiary])
        let flow = try #require(app.screen(at: "/flow/secondary1/tertiary"))
        #expect(flow.tabHrefs == ["/library/books/items/2", "/flow", "/screen/detail"])
    }

    @Test func theActiveTabsLinkPopsItToRoot() throws {
        let app = Fixture().coordinator()
        let deep = try #require(app.screen(at: "/flow/secondary1/tertiary"))
        let flowTab = try #require(deep.tabs.first { $0.isCurrent })
        #expect(flowTab.href.print() == "/flow")
        _ = app.screen(at: flowTab.href.print())
        #expect(app.flow.stack.pages == [.primary])
        #expect(app.ledger.entries.suffix(2).map(\.kind) == [.pop, .pop])
    }

    @Test func aDeepLinkRebuildsTheWholeStack() throws {
        let app = Fixture().coordinator()
        let screen = try #require(app.screen(at: "/flow/secondary1/tertiary"))
        #expect(screen.backLink?.href.print() == "/flow/secondary1")
        #expect(screen.breadcrumbs.map { $0.href.print() } == ["/flow", "/flow/secondary1"])
        #expect(screen.breadcrumbs.map(\.title) == ["Primary", "Secondary 1"])
        #expect(screen.flow?.backToRoot?.href.print() == "/flow")
        // The tab's coordinator starts on first use, and says so.
        #expect(app.ledger.entries.map(\.kind) == [.start, .push, .push])
    }

    @Test func pushAndSheetOfTheScreenTabGoThroughOneCall() throws {
        let app = Fixture().coordinator()
        let primary = try #require(app.screen(at: "/screen"))
        guard case .screen(let content) = primary.content else { Issue.record("not the screen tab"); return }
        #expect(content.todayText == "Sunday, 22 November 2026")
        let sheet = try #require(app.screen(at: content.sheetHref.print()))
        #expect(sheet.sheet?.dismissHref.print() == "/screen")
        #expect(sheet.backLink == nil)
        let detail = try #require(app.screen(at: content.detailHref.print()))
        #expect(detail.sheet == nil)
        #expect(detail.backLink?.href.print() == "/screen")
        #expect(app.ledger.entries.map(\.kind) == [.start, .present, .dismiss, .push])
        app.screen.present(.sheet)
        #expect(app.screen.stack.visible == .sheet)
    }

    @Test func rootRedirectsToTheLastLocation() {
        let app = Fixture().coordinator()
        // A first visit goes straight to the first category's list, not through `/library`.
        #expect(app.show(.root, viewer: visitor) == .redirect(.library(.category(books))))
        _ = app.screen(at: "/screen/detail")
        _ = app.screen(at: "/_navigation")
        #expect(app.show(.root, viewer: visitor) == .redirect(.screen(.detail)))
    }

    @Test func twoWindowsOfOneSessionEachSeeTheirOwnScreen() throws {
        let app = Fixture().coordinator()
        for _ in 0..<3 {
            let first = try #require(app.screen(at: "/flow/secondary1/tertiary"))
            #expect(first.flow?.title == "Tertiary")
            #expect(first.backLink?.href.print() == "/flow/secondary1")
            let second = try #require(app.screen(at: "/flow/secondary2"))
            #expect(second.flow?.title == "Secondary 2")
            #expect(second.backLink?.href.print() == "/flow")
            let library = try #require(app.screen(at: "/library/books/items/1/details"))
            #expect(library.library?.detail?.tab == .details)
            let sheet = try #require(app.screen(at: "/library/films"))
            #expect(sheet.library?.detail == nil)
        }
    }
}

@Suite struct FlowCoordinatorTests {
    @Test func pushingOnlyFollowsTheFlowsOwnSteps() {
        let flow = FlowCoordinator()
        flow.push(.tertiary)
        #expect(flow.stack.pages == [.primary])
        flow.push(.secondary1)
        flow.push(.secondary2)
        flow.push(.tertiary)
        #expect(flow.stack.pages == [.primary, .secondary1, .tertiary])
        flow.backToRoot()
        #expect(flow.stack.pages == [.primary])
    }
}

import Foundation
import Testing
import TestSupport
@testable import Web

/// What changes elsewhere reaches open pages: each page's event stream hears of catalog changes
/// at once, and of its session ending.
@Suite struct LiveUpdatesTests {
    func stream(_ app: TestApp, as client: WebClient, lastEventID: String? = nil) throws -> LoopbackClient {
        try app.events(as: client, lastEventID: lastEventID)
    }

    @Test func anItemAddedInOneBrowserReachesAnotherBrowsersPage() throws {
        let app = try TestApp()
        let watcher = app.client()
        _ = try watcher.get("/library/category-3")
        let events = try stream(app, as: watcher)
        let author = app.client()
        try author.signIn()
        let added = try author.submit("/library/category-3/items/new", form: [("title", "Seen live"), ("subtitle", "")])
        #expect(added.status == 303)
        let event = try events.readUntil("\n\n")
        #expect(event.contains("event: catalog\n"))
        #expect(event.contains(#""change":"added""#))
        #expect(event.contains(#""category":"category-3""#))
        #expect(event.contains(#""title":"Seen live""#))
        #expect(event.contains(#""list":"\/library\/category-3""#))
    }

    @Test func aBrowserThatMissedEventsGetsThemOnReconnecting() throws {
        let app = try TestApp()
        let watcher = app.client()
        _ = try watcher.get("/library/category-3")
        let first = try stream(app, as: watcher)
        let author = app.client()
        try author.signIn()
        _ = try author.submit("/library/category-3/items/new", form: [("title", "First"), ("subtitle", "")])
        let seen = try first.readUntil("\n\n")
        let id = try #require(seen.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        _ = try author.submit("/library/category-3/items/new", form: [("title", "Missed"), ("subtitle", "")])
        let resumed = try stream(app, as: watcher, lastEventID: String(id))
        #expect(try resumed.readUntil("\n\n").contains(#""title":"Missed""#))
        let stranger = try stream(app, as: watcher, lastEventID: "from-another-process-1")
        #expect(try stranger.readUntil("\n\n").contains("event: reset\n"))
    }

    @Test func signingOutInAnotherTabTellsThePageAndEndsItsStream() throws {
        let app = try TestApp()
        let browser = app.client()
        try browser.signIn()
        let events = try stream(app, as: browser)
        let page = try browser.get("/library/category-1")
        let out = try browser.post("/logout", form: [("csrfToken", page.csrfToken ?? "")])
        #expect(out.status == 303)
        #expect(try events.readUntil("\n\n").contains("event: signed-out\n"))
        #expect(events.isClosedByServer())
    }

    /// The id a page last saw may be of an event only its session got (its sign-out): reconnecting
    /// with it is no reason to reset the page, and what every page got since still comes.
    @Test func aPageReconnectingAfterItsSessionsEndIsNotReset() throws {
        let app = try TestApp()
        let browser = app.client()
        try browser.signIn()
        let events = try stream(app, as: browser)
        let page = try browser.get("/library/category-3")
        _ = try browser.post("/logout", form: [("csrfToken", page.csrfToken ?? "")])
        let ended = try events.readUntil("\n\n")
        let id = try #require(ended.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        let author = app.client()
        try author.signIn()
        _ = try author.submit("/library/category-3/items/new", form: [("title", "After the sign-out"), ("subtitle", "")])
        let resumed = try stream(app, as: browser, lastEventID: String(id))
        let next = try resumed.readUntil("\n\n")
        #expect(!next.contains("event: reset"), "reset after the session's own event: \(next)")
        #expect(next.contains(#""title":"After the sign-out""#))
    }

    @Test func theInspectorShowsTheSessionsOpenStreams() throws {
        let app = try TestApp()
        let browser = app.client()
        _ = try browser.get("/library/category-1")
        let events = try stream(app, as: browser)
        let inspector = try browser.get("/_navigation")
        #expect(inspector.status == 200)
        #expect(inspector.text.contains("Open pages following this session: 1."))
        _ = events
    }

    @Test func withoutASessionThereIsNothingToFollow() throws {
        let app = try TestApp()
        let response = try app.client().get("/_events")
        #expect(response.status == 204)
    }
}

import Foundation
import Testing
@testable import Web

@Suite struct SessionStoreTests {
    @Test func theLRUListEvictsTheLeastRecentlyUsed() {
        var list = LRUList<Int>(capacity: 3)
        list.insert(1, for: "a")
        list.insert(2, for: "b")
        list.insert(3, for: "c")
        #expect(list.touch("a") == 1)
        let evicted = list.insert(4, for: "d")
        #expect(evicted?.key == "b")
        #expect(list.entries.map(\.key) == ["c", "a", "d"])
        #expect(list.remove("c") == 3)
        list.insert(5, for: "e")
        #expect(list.entries.map(\.key) == ["a", "d", "e"])
        #expect(list.count == 3)
        #expect(list.peek("b") == nil)
    }

    @Test(arguments: [("abc", "abc", true), ("abc", "abd", false), ("", "", false), ("ab", "abc", false)])
    func csrfTokensCompareExactly(submitted: String, expected: String, matches: Bool) {
        #expect(CSRFToken.matches(submitted, expected) == matches)
    }

    @Test func theSessionsFileRoundTripsAndSkipsExpiredSessions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-sessions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(configuration: .init(maxSessions: 10, idleTimeout: 100, shards: 2))
        let live = store.makeSession(now: 1000)
        let old = store.makeSession(now: 800)
        store.insert(live, now: 1000)
        store.insert(old, now: 800)
        let file = SessionFile(directory: directory)
        try file.save(store.liveRecords(now: 1050))
        let restored = SessionStore(configuration: .init(maxSessions: 10, idleTimeout: 100, shards: 2))
        restored.restore(try file.load(), now: 1050)
        #expect(restored.count == 1)
        #expect(restored.session(id: live.id, now: 1050)?.record.withLock { $0.csrfToken } == live.record.withLock { $0.csrfToken })
        #expect(restored.session(id: old.id, now: 1050) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "/sessions.json.tmp"))
    }

    @Test(arguments: ["", "short", String(repeating: "a", count: 23), "aaaaaaaaaaaaaaaaaaaa;=", "aaaaaaaaaaaaaaaaaaaaa/"])
    func malformedSessionIDsAreNotLookedUp(id: String) {
        #expect(!SessionStore.isWellFormed(id))
    }
}

@Suite struct SessionSavingTests {
    @Test func changedSessionsAreSavedPeriodically() throws {
        var options = TestApp.defaultOptions
        options.saveInterval = .milliseconds(50)
        let app = try TestApp(options: options)
        let client = app.client()
        _ = try client.get("/flow/secondary2")
        let id = try #require(client.sessionCookie)
        let path = app.dataDirectory + "/sessions.json"
        let deadline = Date().addingTimeInterval(3)
        var saved = ""
        while !saved.contains(id) && Date() < deadline {
            usleep(20_000)
            saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        #expect(saved.contains(id))
        #expect(saved.contains("secondary2"))
    }
}

@Suite struct SessionOrderingTests {
    @Test func getsWaitForThePendingPostsOfTheirSession() {
        let store = SessionStore(configuration: .init())
        let session = store.makeSession(now: 0)
        let log = Log()
        session.runAfterSlowWork { log.append("first GET") }
        session.beginSlowWork()
        session.beginSlowWork()
        session.runAfterSlowWork { log.append("GET after the POSTs") }
        #expect(log.entries == ["first GET"])
        session.endSlowWork()
        #expect(log.entries == ["first GET"])
        session.endSlowWork()
        #expect(log.entries == ["first GET", "GET after the POSTs"])
        session.runAfterSlowWork { log.append("later GET") }
        #expect(log.entries.last == "later GET")
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        var entries: [String] { lock.withLock { items } }
        func append(_ entry: String) { lock.withLock { items.append(entry) } }
    }
}

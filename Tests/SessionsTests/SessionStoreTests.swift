import Foundation
import Models
import Storage
import Testing
@testable import Sessions

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

    @Test func savedSessionsComeBackAndExpiredOnesDoNot() throws {
        let journal = SessionJournal(store: InMemoryStore())
        let configuration = SessionStore.Configuration(maxSignedIn: 10, maxVisitors: 10, idleTimeout: 100, shards: 2)
        let store = SessionStore(configuration: configuration, journal: journal)
        let live = store.makeSession(now: 1000)
        let old = store.makeSession(now: 800)
        store.insert(live, now: 1000)
        store.insert(old, now: 800)
        #expect(try store.saveChanges(now: 1050).count == 1)
        let restored = SessionStore(configuration: configuration, journal: journal)
        restored.restore(journal.load().records, now: 1050)
        #expect(restored.count == 1)
        #expect(restored.session(id: live.id, now: 1050)?.record.withLock { $0.csrfToken } == live.record.withLock { $0.csrfToken })
        #expect(restored.session(id: old.id, now: 1050) == nil)
    }

    @Test func aSaveWritesOnlyTheSessionsThatChanged() throws {
        let journal = SessionJournal(store: InMemoryStore())
        let store = SessionStore(configuration: .init(shards: 2), journal: journal)
        let sessions = (0..<50).map { _ in store.makeSession(now: 0) }
        for session in sessions { store.insert(session, now: 0) }
        #expect(try store.saveChanges(now: 1).count == 50)
        #expect(try store.saveChanges(now: 2).isEmpty)
        store.markChanged(sessions[7])
        #expect(try store.saveChanges(now: 3).count == 1)
    }

    @Test func visitorsNeverPushOutSignedInSessions() throws {
        let store = SessionStore(configuration: .init(maxSignedIn: 4, maxVisitors: 4, shards: 1))
        let member = store.makeSession(now: 0)
        store.insert(member, now: 0)
        try store.rotate(member, now: 0) { $0.userID = UserID("ada") }
        for second in 1...1_000 { store.insert(store.makeSession(now: Int64(second)), now: Int64(second)) }
        #expect(store.session(id: member.id, now: 1_001) != nil)
        #expect(store.count == 5)
        #expect(store.signedInCount == 1)
    }

    @Test(arguments: ["", "short", String(repeating: "a", count: 23), "aaaaaaaaaaaaaaaaaaaa;=", "aaaaaaaaaaaaaaaaaaaaa/"])
    func malformedSessionIDsAreNotLookedUp(id: String) {
        #expect(!SessionStore.isWellFormed(id))
    }
}

import Dispatch
import Models
import Synchronization
import Testing
@testable import Sessions

/// A session written at once (`saveNow`, for a form's receipt) while a periodic save is under way
/// is never followed in the journal by the periodic save's older copy.
@Suite struct SessionSaveOrderTests {
    /// Records the copies in the order they are queued. The first queue (the periodic save's) holds
    /// on until the second one has queued, or 300 ms, whichever comes first.
    final class OrderedPersistence: SessionPersistence {
        let queued = Mutex<[SessionRecord]>([])
        let periodicCopied = DispatchSemaphore(value: 0)
        let secondQueued = DispatchSemaphore(value: 0)

        func queueSave(records: [SessionRecord], forgetting: [String]) throws -> PendingSessionSave {
            if queued.withLock({ $0.isEmpty }) && records.count > 1 {
                periodicCopied.signal()
                _ = secondQueued.wait(timeout: .now() + .milliseconds(300))
            } else {
                secondQueued.signal()
            }
            queued.withLock { $0 += records }
            return { SessionSaveOutcome(saved: Dictionary(records.map { ($0.id, $0.version) }, uniquingKeysWith: { $1 })) }
        }

        func save(records: [SessionRecord], forgetting: [String]) throws -> SessionSaveOutcome {
            try queueSave(records: records, forgetting: forgetting)()
        }
        func load() -> (records: [SessionRecord], unreadable: Int) { ([], 0) }
        func write(records: [SessionRecord], ending ended: [SessionReference]) throws {
            secondQueued.signal()
            endedAfter.withLock { $0.append((ended.map(\.id), queued.withLock { $0.map(\.id) })) }
        }
        /// Each write that ended sessions: their ids, and the ids of the copies queued before it.
        let endedAfter = Mutex<[(ended: [String], queuedBefore: [String])]>([])
        func endSessions(of user: UserID, keeping: String, known: [SessionReference]) throws {}
    }

    @Test func aPeriodicSavesOlderCopyNeverLandsAfterASessionSavedAtOnce() throws {
        let journal = OrderedPersistence()
        let store = SessionStore(configuration: .init(shards: 1), journal: journal)
        let session = store.makeSession(now: 0)
        store.insert(session, now: 0)
        store.insert(store.makeSession(now: 0), now: 0)
        let periodic = DispatchGroup()
        DispatchQueue.global().async(group: periodic) { _ = try? store.saveChanges(now: 1) }
        #expect(journal.periodicCopied.wait(timeout: .now() + .seconds(5)) == .success)
        // What a form changes after the periodic save took its copy (a receipt), saved at once.
        session.record.withLock { $0.knownUsername = "after the copy" }
        try store.saveNow(session)
        #expect(periodic.wait(timeout: .now() + .seconds(5)) == .success)
        let copies = journal.queued.withLock { $0 }.filter { $0.id == session.id }
        #expect(copies.count == 2)
        #expect(copies.last?.knownUsername == "after the copy", "an older copy was queued after the newer one")
    }

    @Test func aPeriodicSavesCopyNeverLandsAfterTheSignOutThatEndedIt() throws {
        let journal = OrderedPersistence()
        let store = SessionStore(configuration: .init(shards: 1), journal: journal)
        let session = store.makeSession(now: 0)
        store.insert(session, now: 0)
        store.insert(store.makeSession(now: 0), now: 0)
        let oldID = session.id
        let periodic = DispatchGroup()
        DispatchQueue.global().async(group: periodic) { _ = try? store.saveChanges(now: 1) }
        #expect(journal.periodicCopied.wait(timeout: .now() + .seconds(5)) == .success)
        // Signing out gives the session a new id and ends the old one while the periodic save
        // holds its copy of the old one.
        try store.rotate(session, now: 1) { $0.userID = nil }
        #expect(periodic.wait(timeout: .now() + .seconds(5)) == .success)
        let ending = try #require(journal.endedAfter.withLock { $0 }.first { $0.ended.contains(oldID) })
        #expect(ending.queuedBefore.contains(oldID), "the periodic save's copy of the ended session was queued after its end")
    }
}

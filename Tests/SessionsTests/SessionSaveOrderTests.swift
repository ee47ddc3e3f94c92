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
        func write(records: [SessionRecord], ending ended: [SessionReference]) throws {}
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
}

import Foundation
import Testing
@testable import Storage
import Synchronization
import TestSupport

struct JournalStoreTests {
    let directory = TemporaryDirectory()

    func open(threshold: Int = 1 << 20, lockWait: Duration = .milliseconds(50)) throws -> JournalStore {
        try JournalStore(configuration: .init(directory: directory.path, snapshotThreshold: threshold, lockWait: lockWait))
    }

    @Test func aNewStoreIsEmptyAndReportsACleanStart() throws {
        let store = try open()
        #expect(store.isEmpty)
        #expect(store.recovery == RecoveryReport())
        #expect(store.all("anything").isEmpty)
    }

    @Test func writesAreReadableAndSurviveAReopen() throws {
        do {
            let store = try open()
            try store.put("users", key: "ada", value: [1, 2, 3])
            try store.put("users", key: "alan", value: [4])
            try store.put("users", key: "ada", value: [5])
            try store.delete("users", key: "alan")
            try store.put("items", key: "1", value: [])
            #expect(store.get("users", key: "ada") == [5])
            store.close()
        }
        let reopened = try open()
        #expect(reopened.recovery.isClean)
        #expect(reopened.recovery.recordsReplayed == 5)
        #expect(reopened.all("users") == ["ada": [5]])
        #expect(reopened.get("items", key: "1") == [])
        #expect(reopened.get("users", key: "alan") == nil)
    }

    @Test func aBatchIsOneRecord() throws {
        let store = try open()
        try store.apply([
            .put(collection: "a", key: "1", value: [1]),
            .put(collection: "b", key: "2", value: [2]),
            .delete(collection: "a", key: "1"),
        ])
        store.close()
        let reopened = try open()
        #expect(reopened.recovery.recordsReplayed == 1)
        #expect(reopened.all("a").isEmpty)
        #expect(reopened.all("b") == ["2": [2]])
    }

    @Test func snapshotPlusJournalReplayEqualsTheLiveState() throws {
        let store = try open()
        for index in 0..<50 {
            try store.put("numbers", key: "\(index)", value: [UInt8(index)])
        }
        try store.snapshot()
        #expect(store.generation == 1)
        #expect(store.journalSize == FileFormat.headerSize)
        for index in stride(from: 0, to: 50, by: 3) {
            try store.delete("numbers", key: "\(index)")
        }
        try store.put("letters", key: "a", value: Array("alpha".utf8))
        let live = (store.all("numbers"), store.all("letters"))
        store.close()

        let reopened = try open()
        #expect(reopened.recovery.snapshotLoaded)
        #expect(reopened.recovery.generation == 1)
        #expect(reopened.recovery.recordsReplayed == 18)
        #expect(reopened.all("numbers") == live.0)
        #expect(reopened.all("letters") == live.1)
    }

    @Test func crossingTheThresholdTakesASnapshotAndStartsANewGeneration() throws {
        let store = try open(threshold: 4096)
        for index in 0..<100 {
            try store.put("blobs", key: "\(index)", value: [UInt8](repeating: 7, count: 100))
        }
        #expect(store.generation >= 2)
        #expect(store.journalSize < 4096)
        store.close()
        let reopened = try open(threshold: 4096)
        #expect(reopened.all("blobs").count == 100)
    }

    @Test func concurrentWritersAllLandAndShareFsyncs() async throws {
        let store = try open()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        try? store.put("concurrent", key: "\(writer)-\(index)", value: [UInt8(writer)])
                    }
                }
            }
        }
        #expect(store.all("concurrent").count == 100)
        store.close()
        #expect(try open().all("concurrent").count == 100)
    }

    @Test func writingAfterCloseIsAClearError() throws {
        let store = try open()
        store.close()
        #expect(throws: StorageError.closed) { try store.put("c", key: "k", value: []) }
    }

    @Test func aJournalFromAnotherFormatVersionIsAClearError() throws {
        try open().put("c", key: "k", value: [1])
        var bytes = try directory.bytes(directory.journal)
        bytes[4] = 3
        try directory.write(bytes, to: directory.journal)
        #expect(throws: StorageError.unsupportedVersion(path: directory.journal, found: 3, supported: 2)) {
            try open()
        }
    }

    @Test func aSnapshotFromAnotherFormatVersionIsAClearError() throws {
        let store = try open()
        try store.put("c", key: "k", value: [1])
        try store.snapshot()
        store.close()
        var bytes = try directory.bytes(directory.snapshot)
        bytes[4] = 99
        try directory.write(bytes, to: directory.snapshot)
        #expect(throws: StorageError.unsupportedVersion(path: directory.snapshot, found: 99, supported: 2)) {
            try open()
        }
    }

    @Test func aForeignFileIsRefused() throws {
        try directory.write(Array("not a journal at all".utf8), to: directory.journal)
        #expect(throws: StorageError.notAStoreFile(path: directory.journal)) { try open() }
    }

    @Test func aDamagedSnapshotIsAnErrorNotASilentReset() throws {
        let store = try open()
        try store.put("c", key: "k", value: [1, 2, 3])
        try store.snapshot()
        store.close()
        var bytes = try directory.bytes(directory.snapshot)
        bytes[bytes.count - 1] ^= 0xFF
        try directory.write(bytes, to: directory.snapshot)
        #expect(throws: StorageError.self) { try open() }
    }

    @Test func aJournalOlderThanTheSnapshotIsDiscarded() throws {
        // The state after a crash between renaming the snapshot and starting its journal.
        let store = try open()
        try store.put("c", key: "kept", value: [1])
        let oldJournal = try directory.bytes(directory.journal)
        try store.snapshot()
        store.close()
        try directory.write(oldJournal, to: directory.journal)

        let reopened = try open()
        #expect(reopened.recovery.staleJournalDiscarded)
        #expect(reopened.recovery.generation == 1)
        #expect(reopened.all("c") == ["kept": [1]])
        try reopened.put("c", key: "later", value: [2])
        reopened.close()
        #expect(try open().all("c").count == 2)
    }

    @Test func aJournalNewerThanTheSnapshotIsAClearError() throws {
        let store = try open()
        try store.put("c", key: "k", value: [1])
        try store.snapshot()
        store.close()
        try FileManager.default.removeItem(atPath: directory.snapshot)
        #expect(throws: StorageError.missingSnapshot(path: directory.journal, journalGeneration: 1, snapshotGeneration: 0)) {
            try open()
        }
    }

    @Test func leftoverTemporaryFilesAreIgnored() throws {
        try open().put("c", key: "k", value: [1])
        try directory.write([1, 2, 3], to: directory.snapshot + ".tmp")
        let reopened = try open()
        #expect(reopened.all("c") == ["k": [1]])
        #expect(!FileManager.default.fileExists(atPath: directory.snapshot + ".tmp"))
    }

    @Test func inMemoryStoreBehavesLikeTheProtocolSays() throws {
        let store: any KeyValueStore = InMemoryStore()
        #expect(store.isEmpty)
        try store.put("c", key: "k", value: [1])
        try store.delete("c", key: "missing")
        #expect(store.get("c", key: "k") == [1])
        try store.delete("c", key: "k")
        #expect(store.isEmpty)
    }
}

extension JournalStoreTests {
    @Test func aSecondStoreOnTheSameDirectoryIsRefusedUntilTheFirstCloses() throws {
        let first = try open()
        #expect(throws: StorageError.locked(path: directory.path + "/lock")) { try open() }
        first.close()
        #expect(try open().isEmpty)
    }

    @Test func aLockReleasedWhileWaitingIsTaken() throws {
        let first = try open()
        let waiting = EventCount()
        let opened = EventCount()
        let second = Mutex<Result<JournalStore, any Error>?>(nil)
        var configuration = JournalStore.Configuration(directory: directory.path, snapshotThreshold: 1 << 20, lockWait: .seconds(5))
        configuration.lockBusyObserver = { waiting.record() }
        Thread.detachNewThread { [configuration] in
            let result = Result { () throws -> JournalStore in try JournalStore(configuration: configuration) }
            second.withLock { $0 = result }
            opened.record()
        }
        // Closed only once the second store has found the lock held and is waiting for it.
        #expect(waiting.wait(for: 1, timeout: .seconds(5)))
        first.close()
        #expect(opened.wait(for: 1, timeout: .seconds(10)))
        #expect(try second.withLock { try $0?.get() }?.isEmpty == true)
    }
}

extension JournalStoreTests {
    @Test func writersQueuedBehindACommitShareTheNextOne() throws {
        let queued = EventCount()
        var configuration = JournalStore.Configuration(directory: directory.path, snapshotThreshold: 1 << 20, lockWait: .milliseconds(50))
        configuration.queueObserver = { _ in queued.record() }
        configuration.commitWait = .seconds(60)
        let store = try JournalStore(configuration: configuration)
        let finished = DispatchGroup()
        try store.commitLock.withLock(timeout: .seconds(60)) {
            for writer in 0..<8 {
                finished.enter()
                Thread.detachNewThread {
                    try? store.put("group", key: "\(writer)", value: [UInt8(writer)])
                    finished.leave()
                }
            }
            // Generous: the wait ends as soon as all eight are queued; the bound only stops a hang.
            #expect(queued.wait(for: 8, timeout: .seconds(60)))
            #expect(store.state.withLock { $0.queue.count } == 8)
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(store.all("group").count == 8)
        #expect(store.state.withLock { $0.commits } == 1)
    }

    /// A disk that hangs holds the commit in progress: the writers behind it give up at their
    /// deadline instead of hanging with it, and what they queued is written with the next group
    /// (the lane's records too, never refused for the wait).
    @Test func aWriterBehindAHungCommitGivesUpAtItsDeadlineAndItsRecordGoesWithTheNextGroup() throws {
        var configuration = JournalStore.Configuration(directory: directory.path, lockWait: .milliseconds(50))
        configuration.commitWait = .milliseconds(100)
        let store = try JournalStore(configuration: configuration)
        let failure = Mutex<StorageError?>(nil)
        let gaveUp = EventCount()
        let laneOutcome = Mutex<StorageError??>(nil)
        let laneDone = EventCount()
        // The test holds the commit as a hung pwrite or fsync would.
        try store.commitLock.withLock(timeout: .seconds(60)) {
            try store.apply([.put(collection: "slow", key: "lane", value: [0])]) { error in
                laneOutcome.withLock { $0 = .some(error) }
                laneDone.record()
            }
            Thread.detachNewThread {
                do {
                    try store.put("slow", key: "a", value: [1])
                } catch {
                    failure.withLock { $0 = error as? StorageError }
                }
                gaveUp.record()
            }
            #expect(gaveUp.wait(for: 1, timeout: .seconds(30)))
            #expect(laneDone.value == 0, "the lane's record was answered while the commit hung")
        }
        guard case .commitTimedOut = failure.withLock({ $0 }) else {
            Issue.record("the writer did not give up with commitTimedOut: \(String(describing: failure.withLock { $0 }))")
            return
        }
        #expect(laneDone.wait(for: 1, timeout: .seconds(30)))
        #expect(laneOutcome.withLock { $0 } == .some(nil), "the lane's record was refused")
        try store.put("slow", key: "b", value: [2])
        #expect(store.all("slow") == ["lane": [0], "a": [1], "b": [2]])
        store.close()
        let reopened = try JournalStore(configuration: configuration)
        #expect(reopened.all("slow") == ["lane": [0], "a": [1], "b": [2]])
    }
}

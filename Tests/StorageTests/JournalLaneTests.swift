import Dispatch
import Synchronization
import Testing
import TestSupport
@testable import Storage

/// Writes queued on the journal lane: told only once durable and visible, several writers'
/// records sharing one fsync, and a full lane refusing at once instead of queuing without bound.
struct JournalLaneTests {
    let directory = TemporaryDirectory()

    func open(laneQueueLimit: Int = 4_096) throws -> JournalStore {
        var configuration = JournalStore.Configuration(directory: directory.path)
        configuration.laneQueueLimit = laneQueueLimit
        return try JournalStore(configuration: configuration)
    }

    @Test func laneWritesAreDurableAndVisibleWhenToldAndShareFsyncs() throws {
        let store = try open()
        let writes = 400
        let told = Mutex<[String: StorageError?]>([:])
        let unseen = Mutex(0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for index in 0..<(writes / 4) {
                let key = "k-\(writer)-\(index)"
                let value = Array(key.utf8)
                do {
                    try store.apply([.put(collection: "lane", key: key, value: value)]) { error in
                        if store.get("lane", key: key) != value { unseen.withLock { $0 += 1 } }
                        told.withLock { $0[key] = error }
                        done.signal()
                    }
                } catch {
                    Issue.record("refused: \(error)")
                    done.signal()
                }
            }
        }
        for _ in 0..<writes { #expect(done.wait(timeout: .now() + 5) == .success) }
        #expect(told.withLock { $0.count } == writes)
        #expect(told.withLock { $0.values.allSatisfy { $0 == nil } })
        #expect(unseen.withLock { $0 } == 0, "told before a reader could see the write")
        let commits = store.state.withLock { $0.commits }
        #expect(commits < writes, "every record had its own fsync: \(commits)")
        store.close()

        let reopened = try open()
        #expect(reopened.all("lane").count == writes)
    }

    @Test func aFullLaneRefusesAtOnceAndTellsWhatItQueued() throws {
        let store = try open(laneQueueLimit: 2)
        let told = Mutex(0)
        let done = DispatchSemaphore(value: 0)
        // Holding the commit lock keeps the lane from writing, so its queue fills.
        try store.commitLock.withLock(timeout: .seconds(60)) {
            for index in 0..<2 {
                try store.apply([.put(collection: "lane", key: "k\(index)", value: [1])]) { error in
                    #expect(error == nil)
                    told.withLock { $0 += 1 }
                    done.signal()
                }
            }
            #expect(throws: StorageError.laneFull(limit: 2)) {
                try store.apply([.put(collection: "lane", key: "k2", value: [1])]) { _ in
                    Issue.record("a refused write is never told")
                }
            }
        }
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 5) == .success) }
        #expect(told.withLock { $0 } == 2)
        #expect(store.get("lane", key: "k2") == nil)
        // Room again once written.
        try store.apply([.put(collection: "lane", key: "k3", value: [1])]) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(store.get("lane", key: "k3") == [1])
    }

    @Test func aClosedStoreRefusesLaneWrites() throws {
        let store = try open()
        store.close()
        #expect(throws: StorageError.closed) {
            try store.apply([.put(collection: "lane", key: "k", value: [1])]) { _ in Issue.record("never told") }
        }
    }
}

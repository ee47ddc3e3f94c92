import Foundation
import Testing
import TestSupport
@testable import Storage

/// A store that has held data says so for good (a marker file repairs keep), so an app never
/// seeds it again; copies set aside never collide.
struct HeldDataMarkerTests {
    let directory = TemporaryDirectory()
    let now = 1_706_745_599

    var configuration: JournalStore.Configuration { .init(directory: directory.path, lockWait: .milliseconds(20)) }

    @Test func aNewStoreHasHeldNothing() throws {
        let store = try JournalStore(configuration: configuration)
        #expect(!store.hasHeldData)
        #expect(store.isEmpty)
    }

    @Test func aStoreEmptiedAgainStillHasHeldData() throws {
        do {
            let store = try JournalStore(configuration: configuration)
            try store.put("c", key: "k", value: [1])
            #expect(store.hasHeldData)
            try store.delete("c", key: "k")
            try store.snapshot()
            store.close()
        }
        let store = try JournalStore(configuration: configuration)
        #expect(store.isEmpty)
        #expect(store.hasHeldData)
    }

    @Test func aRepairThatKeepsNothingKeepsTheMarker() throws {
        do {
            let store = try JournalStore(configuration: configuration)
            try store.put("c", key: "k", value: [1])
            try store.snapshot()
            store.close()
        }
        try directory.write(Array("garbage, not a snapshot".utf8), to: directory.snapshot)
        _ = try JournalStore.repair(configuration, now: now)
        let store = try JournalStore(configuration: configuration)
        #expect(store.isEmpty)
        #expect(store.hasHeldData)
    }

    @Test func aFolderWrittenBeforeTheMarkerExistedGetsOneOnOpening() throws {
        do {
            let store = try JournalStore(configuration: configuration)
            try store.put("c", key: "k", value: [1])
            store.close()
        }
        try FileManager.default.removeItem(atPath: directory.path + "/held-data")
        #expect(try JournalStore(configuration: configuration).hasHeldData)
        #expect(FileManager.default.fileExists(atPath: directory.path + "/held-data"))
    }

    @Test func twoRepairsInOneSecondSetAsideUnderDifferentNames() throws {
        for round in 0..<2 {
            let store = try JournalStore(configuration: configuration)
            let offset = store.journalSize
            try store.put("c", key: "k\(round)", value: [1])
            try store.put("c", key: "later\(round)", value: [2])
            store.close()
            var bytes = try directory.bytes(directory.journal)
            bytes[offset + 1] ^= 0x40
            try directory.write(bytes, to: directory.journal)
            let report = try JournalStore.repair(configuration, now: now)
            #expect(report.repaired)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".damaged-") }
        #expect(names.sorted() == ["journal.damaged-20240131T235959Z", "journal.damaged-20240131T235959Z-2"])
    }
}

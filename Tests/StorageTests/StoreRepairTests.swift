import Foundation
import Testing
import TestSupport
@testable import Storage

/// `repair` keeps every intact record (those after the damage too), sets damaged files aside and
/// leaves a store that opens.
struct StoreRepairTests {
    let directory = TemporaryDirectory()
    /// 2024-01-31 23:59:59 UTC.
    let now = 1_706_745_599

    var configuration: JournalStore.Configuration { .init(directory: directory.path, lockWait: .milliseconds(20)) }

    func writeRecords(_ keys: [String], snapshotAfter: Int? = nil) throws -> [Int] {
        let store = try JournalStore(configuration: configuration)
        var offsets: [Int] = []
        for (index, key) in keys.enumerated() {
            offsets.append(store.journalSize)
            try store.put("c", key: key, value: Array("value of \(key)".utf8))
            if index + 1 == snapshotAfter { try store.snapshot() }
        }
        store.close()
        return offsets
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func repairKeepsTheRecordsOnBothSidesOfTheDamage() throws {
        let offsets = try writeRecords(["one", "two", "three", "four"])
        let original = try directory.bytes(directory.journal)
        var bytes = original
        bytes[offsets[1] + 12] ^= 0x08
        try directory.write(bytes, to: directory.journal)

        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.repaired)
        #expect(report.recordsKept == 3)
        #expect(report.dropped.map(\.offset) == [offsets[1]])
        #expect(report.dropped.map(\.length) == [offsets[2] - offsets[1]])
        #expect(report.setAside == [directory.journal + ".damaged-20240131T235959Z"])
        #expect(try directory.bytes(directory.journal + ".damaged-20240131T235959Z") == bytes)
        #expect(report.description.contains("dropped \(offsets[2] - offsets[1]) bytes at offset \(offsets[1])"))

        let store = try JournalStore(configuration: configuration)
        #expect(store.recovery.isClean)
        #expect(store.all("c").keys.sorted() == ["four", "one", "three"])
    }

    @Test func theSmallestRecordIsFoundAgainAfterDamage() throws {
        let offsets = try writeRecords(["one", "two"])
        let store = try JournalStore(configuration: configuration)
        try store.delete("", key: "")  // 25 bytes: header, count, tag and two empty names
        store.close()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets[1] + 9] ^= 0x04
        try directory.write(bytes, to: directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.recordsKept == 2)
        #expect(report.dropped.map(\.offset) == [offsets[1]])
        #expect(report.dropped.first?.length == bytes.count - 25 - offsets[1])
    }

    @Test func repairOfAnIntactStoreTouchesNothing() throws {
        _ = try writeRecords(["one", "two"])
        let before = try files()
        let journal = try directory.bytes(directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(!report.repaired)
        #expect(try files() == before)
        #expect(try directory.bytes(directory.journal) == journal)
    }

    @Test func aSecondRepairFindsNothingToDo() throws {
        let offsets = try writeRecords(["one", "two", "three"])
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets[1] + 9] ^= 0x01
        try directory.write(bytes, to: directory.journal)
        #expect(try JournalStore.repair(configuration, now: now).repaired)
        #expect(try !JournalStore.repair(configuration, now: now + 1).repaired)
    }

    @Test func repairAfterTheJournalWasDeletedKeepsTheSnapshot() throws {
        _ = try writeRecords(["one", "two", "three"], snapshotAfter: 2)
        try FileManager.default.removeItem(atPath: directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotEntriesKept == 2)
        #expect(report.notes.contains { $0.contains("journal was missing") })
        let store = try JournalStore(configuration: configuration)
        #expect(store.all("c").keys.sorted() == ["one", "two"])
    }

    @Test func aDamagedSnapshotIsSetAsideAndTheJournalKept() throws {
        _ = try writeRecords(["one", "two", "three"], snapshotAfter: 1)
        var bytes = try directory.bytes(directory.snapshot)
        bytes[bytes.count - 1] ^= 0x01
        try directory.write(bytes, to: directory.snapshot)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotDamage != nil)
        #expect(report.lost == [EntryKey(collection: "c", key: "one")])
        #expect(report.recordsKept == 2)
        #expect(report.setAside.sorted() == [
            directory.journal + ".damaged-20240131T235959Z", directory.snapshot + ".damaged-20240131T235959Z",
        ])
        #expect(try directory.bytes(directory.snapshot + ".damaged-20240131T235959Z") == bytes)
        let store = try JournalStore(configuration: configuration)
        #expect(store.all("c").keys.sorted() == ["three", "two"])
    }

    @Test func aTornTailIsDroppedAndSetAsideToo() throws {
        let offsets = try writeRecords(["one", "two"])
        let bytes = try directory.bytes(directory.journal)
        try directory.write(Array(bytes[..<(bytes.count - 3)]), to: directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.recordsKept == 1)
        #expect(report.dropped.map(\.offset) == [offsets[1]])
        let store = try JournalStore(configuration: configuration)
        #expect(store.all("c").keys.sorted() == ["one"])
    }

    @Test func repairRefusesWhileTheStoreIsOpen() throws {
        let store = try JournalStore(configuration: configuration)
        try store.put("c", key: "one", value: [1])
        #expect(throws: StorageError.locked(path: directory.path + "/lock")) {
            try JournalStore.repair(configuration, now: now)
        }
        store.close()
    }

    @Test func repairOfAMissingFolderCreatesNothing() throws {
        let missing = directory.path + "/missing"
        #expect(throws: StorageError.self) { try JournalStore.repair(.init(directory: missing), now: now) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}

import Foundation
import Testing
import TestSupport
@testable import Storage

/// `verify` reports each file's condition with offsets, and changes nothing.
struct StoreVerificationTests {
    let directory = TemporaryDirectory()

    var configuration: JournalStore.Configuration { .init(directory: directory.path) }

    func writeThreeRecords(snapshotFirst: Bool = false) throws -> (second: Int, third: Int, end: Int) {
        let store = try JournalStore(configuration: configuration)
        try store.put("c", key: "one", value: Array("first value".utf8))
        if snapshotFirst { try store.snapshot() }
        let second = store.journalSize
        try store.put("c", key: "two", value: Array("second value".utf8))
        let third = store.journalSize
        try store.put("c", key: "three", value: Array("third value".utf8))
        let end = store.journalSize
        store.close()
        return (second, third, end)
    }

    func condition(_ verification: StoreVerification, _ path: String) -> StoreVerification.Condition? {
        verification.files.first { $0.path == path }?.condition
    }

    @Test func anIntactStoreVerifiesIntact() throws {
        _ = try writeThreeRecords(snapshotFirst: true)
        let verification = JournalStore.verify(configuration)
        #expect(verification.isIntact)
        #expect(condition(verification, directory.snapshot) == .intact)
        #expect(condition(verification, directory.journal) == .intact)
        #expect(verification.description.contains("generation 1, 2 intact records"))
    }

    @Test func damageInTheMiddleIsReportedWithItsOffsetAndLeftAlone() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.second + 10] ^= 0x20
        try directory.write(bytes, to: directory.journal)
        let verification = JournalStore.verify(configuration)
        #expect(!verification.isIntact)
        let journal = try #require(verification.files.first { $0.path == directory.journal })
        #expect(journal.condition == .damaged)
        #expect(journal.damage.map(\.offset) == [offsets.second])
        #expect(journal.damage.map(\.length) == [offsets.third - offsets.second])
        #expect(verification.description.contains("at offset \(offsets.second)"))
        #expect(try directory.bytes(directory.journal) == bytes)
    }

    @Test func aTornTailIsRecoverableNotDamaged() throws {
        let offsets = try writeThreeRecords()
        let bytes = try directory.bytes(directory.journal)
        try directory.write(Array(bytes[..<(offsets.end - 5)]), to: directory.journal)
        let verification = JournalStore.verify(configuration)
        #expect(verification.isIntact)
        let journal = try #require(verification.files.first { $0.path == directory.journal })
        #expect(journal.condition == .recoverable)
        #expect(journal.damage.map(\.offset) == [offsets.third])
        #expect(try directory.bytes(directory.journal).count == offsets.end - 5)
    }

    @Test func aMissingJournalBesideASnapshotIsDamaged() throws {
        _ = try writeThreeRecords(snapshotFirst: true)
        try FileManager.default.removeItem(atPath: directory.journal)
        let verification = JournalStore.verify(configuration)
        #expect(!verification.isIntact)
        #expect(condition(verification, directory.journal) == .damaged)
    }

    @Test func aDamagedSnapshotIsDamaged() throws {
        _ = try writeThreeRecords(snapshotFirst: true)
        var bytes = try directory.bytes(directory.snapshot)
        bytes[bytes.count - 2] ^= 0xFF
        try directory.write(bytes, to: directory.snapshot)
        let verification = JournalStore.verify(configuration)
        #expect(!verification.isIntact)
        #expect(condition(verification, directory.snapshot) == .damaged)
    }

    @Test func verifyingCreatesNothing() throws {
        let empty = directory.path + "/never-opened"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let verification = JournalStore.verify(.init(directory: empty))
        #expect(verification.isIntact)
        #expect(verification.files.allSatisfy { $0.condition == .absent })
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
    }
}

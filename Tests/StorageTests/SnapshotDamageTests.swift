import Foundation
import Testing
import TestSupport
@testable import Storage

/// Each snapshot entry has its own checksum: one damaged byte costs that entry, and repair keeps
/// the rest (earlier builds kept none). Old-format files still open.
struct SnapshotDamageTests {
    let directory = TemporaryDirectory()
    let now = 1_706_745_599

    var configuration: JournalStore.Configuration { .init(directory: directory.path, lockWait: .milliseconds(20)) }

    func writeSnapshot(entries: Int) throws {
        let store = try JournalStore(configuration: configuration)
        try store.apply((0..<entries).map { .put(collection: "items", key: "item-\($0)", value: Array("value \($0)".utf8)) })
        try store.snapshot()
        store.close()
    }

    @Test(arguments: [0.25, 0.5, 0.999])
    func oneDamagedByteLosesOneEntryAndRepairKeepsTheRest(at fraction: Double) throws {
        try writeSnapshot(entries: 100)
        var bytes = try directory.bytes(directory.snapshot)
        bytes[Int(Double(bytes.count) * fraction)] ^= 0x04
        try directory.write(bytes, to: directory.snapshot)
        #expect(throws: StorageError.self) { try JournalStore(configuration: configuration) }
        #expect(!JournalStore.verify(configuration).isIntact)

        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotEntriesKept == 99)
        #expect(report.lost.count + report.unnamedLosses == 1)
        let store = try JournalStore(configuration: configuration)
        #expect(store.all("items").count == 99)
    }

    @Test func aDamagedMagicByteKeepsEveryEntry() throws {
        try writeSnapshot(entries: 10)
        var bytes = try directory.bytes(directory.snapshot)
        bytes[0] ^= 0xFF
        try directory.write(bytes, to: directory.snapshot)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotEntriesKept == 10)
        #expect(try JournalStore(configuration: configuration).all("items").count == 10)
    }

    @Test func aSnapshotCutShortIsDamage() throws {
        try writeSnapshot(entries: 10)
        let bytes = try directory.bytes(directory.snapshot)
        try directory.write(Array(bytes.dropLast(5)), to: directory.snapshot)
        #expect(throws: StorageError.self) { try JournalStore(configuration: configuration) }
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotEntriesKept == 9)
    }

    @Test func filesOfTheOldFormatOpenAndAreRewritten() throws {
        let entries: [StoreMutation] = (0..<5).map { .put(collection: "c", key: "k\($0)", value: [UInt8($0)]) }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try directory.write(SnapshotFormat.encodeVersion1(entries, generation: 3), to: directory.snapshot)
        try directory.write(
            FileFormat.header(magic: FileFormat.journalMagic, generation: 3, version: 1)
                + FileFormat.version1Record([.delete(collection: "c", key: "k0")])
                + FileFormat.version1Record([.put(collection: "c", key: "k9", value: [9])]),
            to: directory.journal)
        let store = try JournalStore(configuration: configuration)
        #expect(store.recovery.upgradedFromVersion == 1)
        #expect(store.all("c").keys.sorted() == ["k1", "k2", "k3", "k4", "k9"])
        try store.put("c", key: "k10", value: [10])
        store.close()
        #expect(try directory.bytes(directory.snapshot)[4] == UInt8(FileFormat.version))
        #expect(try directory.bytes(directory.journal)[4] == UInt8(FileFormat.version))
        let reopened = try JournalStore(configuration: configuration)
        #expect(reopened.recovery.isClean)
        #expect(reopened.all("c").count == 6)
    }

    /// An old-format snapshot has one checksum; when it fails but the payload still decodes, its
    /// entries are kept and every one of them is named as possibly the damaged one.
    @Test func aDamagedOldFormatSnapshotIsSalvagedWithEveryEntrySuspect() throws {
        let entries: [StoreMutation] = (0..<3).map { .put(collection: "c", key: "k\($0)", value: Array("value".utf8)) }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        var bytes = SnapshotFormat.encodeVersion1(entries, generation: 1)
        bytes[bytes.count - 2] ^= 0x01
        try directory.write(bytes, to: directory.snapshot)
        try directory.write(FileFormat.header(magic: FileFormat.journalMagic, generation: 1, version: 1), to: directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        #expect(report.snapshotEntriesKept == 3)
        #expect(report.suspects.count == 3)
    }
}

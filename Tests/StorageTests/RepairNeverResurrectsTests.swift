import Foundation
import Testing
import TestSupport
@testable import Storage

/// A repair names every entry whose history crosses the damage (a lost record may have changed or
/// deleted it after its last intact write), and its policy settles them inside the repair, so a
/// lost sign-out never brings a session back.
struct RepairNeverResurrectsTests {
    let directory = TemporaryDirectory()
    let now = 1_706_745_599

    var configuration: JournalStore.Configuration { .init(directory: directory.path, lockWait: .milliseconds(20)) }

    /// Ends every suspect session, as the app's policy does.
    let endSessions = RepairPolicy(unnamedCollections: ["sessions"]) { suspects in
        RepairPolicy.Settlement(
            mutations: suspects.filter { $0.value != nil }.map { .delete(collection: $0.entry.collection, key: $0.entry.key) },
            notes: ["ended \(suspects.count) sessions"])
    }

    /// Sign in (A), sign out (A deleted, A2 a visitor), three more sign-ins; returns the offsets
    /// of the sign-out record and the one after it.
    func signInSignOutAndThreeMore() throws -> (signOut: Int, next: Int) {
        let store = try JournalStore(configuration: configuration)
        try store.put("sessions", key: "A", value: Array("user 1".utf8))
        let signOut = store.journalSize
        try store.apply([.delete(collection: "sessions", key: "A"), .put(collection: "sessions", key: "A2", value: Array("visitor".utf8))])
        let next = store.journalSize
        for key in ["B", "C", "D"] { try store.put("sessions", key: key, value: Array("user 2".utf8)) }
        store.close()
        return (signOut, next)
    }

    @Test(arguments: [
        // A value byte: the keys still prove which entries the record touched.
        FileFormat.recordHeaderSize + 40,
        // The length: nothing in the record can be read; every older entry is suspect.
        1,
        // The key checksum.
        9,
    ])
    func aDamagedSignOutEndsTheSessionInsteadOfSigningItInAgain(damagedByte: Int) throws {
        let offsets = try signInSignOutAndThreeMore()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.signOut + damagedByte] ^= 0x10
        try directory.write(bytes, to: directory.journal)
        #expect(throws: StorageError.self) { try JournalStore(configuration: configuration) }

        let report = try JournalStore.repair(configuration, now: now, policy: endSessions)
        #expect(report.suspects.contains(EntryKey(collection: "sessions", key: "A")))
        // Written after the damage: their history does not cross it.
        #expect(!report.suspects.contains(EntryKey(collection: "sessions", key: "B")))
        #expect(!report.description.contains("sessions/A"), "session ids are secrets")
        #expect(report.description.contains("not named"))
        let store = try JournalStore(configuration: configuration)
        #expect(store.get("sessions", key: "A") == nil, "the signed-out session came back")
        #expect(store.all("sessions").keys.sorted() == ["B", "C", "D"])
    }

    @Test func aLostDeletionIsNamedInTheReport() throws {
        let store = try JournalStore(configuration: configuration)
        try store.put("items", key: "7", value: Array("an item".utf8))
        try store.put("items", key: "8", value: Array("another".utf8))
        let deletion = store.journalSize
        try store.delete("items", key: "7")
        try store.put("items", key: "9", value: Array("later".utf8))
        store.close()
        var bytes = try directory.bytes(directory.journal)
        bytes[deletion + FileFormat.recordHeaderSize + 2] ^= 0x01
        try directory.write(bytes, to: directory.journal)

        let report = try JournalStore.repair(configuration, now: now)
        // The damaged count hides which entries the record touched: every older entry is named.
        #expect(report.suspects == [EntryKey(collection: "items", key: "7"), EntryKey(collection: "items", key: "8")])
        #expect(report.description.contains("items/7"))
        #expect(!report.description.contains("items/9"))
    }

    @Test func aMissingJournalMakesEveryEntrySuspect() throws {
        let store = try JournalStore(configuration: configuration)
        try store.put("sessions", key: "A", value: [1])
        try store.snapshot()
        try store.delete("sessions", key: "A")
        store.close()
        try FileManager.default.removeItem(atPath: directory.journal)
        let report = try JournalStore.repair(configuration, now: now, policy: endSessions)
        #expect(report.suspects == [EntryKey(collection: "sessions", key: "A")])
        #expect(try JournalStore(configuration: configuration).get("sessions", key: "A") == nil)
    }

    @Test func theWholeReportIsWrittenBesideTheCopies() throws {
        let offsets = try signInSignOutAndThreeMore()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.signOut + 1] ^= 0x10
        try directory.write(bytes, to: directory.journal)
        let report = try JournalStore.repair(configuration, now: now)
        let file = directory.path + "/repair-20240131T235959Z.txt"
        #expect(report.notes.contains { $0.contains(file) })
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("sessions/A"))
    }
}

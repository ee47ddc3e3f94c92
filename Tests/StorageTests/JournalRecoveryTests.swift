import Foundation
import ByteCoding
import Testing
import TestSupport
@testable import Storage

/// A torn journal tail (a record cut short) is cut off at start-up and reported, never loaded;
/// any other damage, a complete last record that fails its checksum included, is corruption, and
/// the store refuses to open.
struct JournalRecoveryTests {
    let directory = TemporaryDirectory()

    func open() throws -> JournalStore {
        try JournalStore(directory: directory.path)
    }

    /// Three records; returns the offsets where the second and third begin, and the file size.
    func writeThreeRecords() throws -> (second: Int, third: Int, end: Int) {
        let store = try open()
        try store.put("c", key: "one", value: Array("first value".utf8))
        let second = store.journalSize
        try store.put("c", key: "two", value: Array("second value".utf8))
        let third = store.journalSize
        try store.put("c", key: "three", value: Array("third value".utf8))
        let end = store.journalSize
        store.close()
        return (second, third, end)
    }

    @Test func aRecordTornAtAnyByteIsCutAndReported() throws {
        let offsets = try writeThreeRecords()
        let intact = try directory.bytes(directory.journal)
        for length in offsets.third + 1..<offsets.end {
            try directory.write(Array(intact[..<length]), to: directory.journal)
            let store = try open()
            let report = store.recovery
            #expect(report.recordsReplayed == 2)
            #expect(report.bytesCut == length - offsets.third)
            #expect(report.cutOffset == offsets.third)
            if length - offsets.third < FileFormat.recordHeaderSize {
                #expect(report.cutReason == .truncatedHeader(available: length - offsets.third))
            } else {
                let header = FileFormat.recordHeaderSize
                #expect(report.cutReason == .truncatedRecord(
                    declared: offsets.end - offsets.third - header, available: length - offsets.third - header))
            }
            #expect(store.all("c").keys.sorted() == ["one", "two"])
            store.close()
            #expect(try directory.bytes(directory.journal).count == offsets.third)
        }
    }

    /// The last record is whole, so it was written whole and may have been acknowledged: cutting
    /// it (as earlier builds did) could undo a sign-out.
    @Test func aCompleteLastRecordThatFailsItsChecksumRefusesToOpenAndChangesNothing() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.end - 3] ^= 0x40
        try directory.write(bytes, to: directory.journal)
        #expect(throws: StorageError.damagedJournalTail(
            path: directory.journal, offset: offsets.third, reason: "\(corruptedChecksum(bytes, at: offsets.third))")
        ) { try open() }
        #expect(try directory.bytes(directory.journal) == bytes)
        let journal = JournalStore.verify(.init(directory: directory.path)).files.first { $0.path == directory.journal }
        #expect(journal?.condition == .damaged)
    }

    /// Space a crash allocated before the bytes arrived reads as zeros: a record cut short.
    @Test func aZeroFilledTailIsCutAsTorn() throws {
        let offsets = try writeThreeRecords()
        try directory.write(try directory.bytes(directory.journal) + [UInt8](repeating: 0, count: 40), to: directory.journal)
        let store = try open()
        #expect(store.recovery.cutReason == .zeroFilled(length: 40))
        #expect(store.recovery.cutOffset == offsets.end)
        #expect(store.all("c").count == 3)
    }

    @Test func damageFollowedByIntactRecordsRefusesToOpenAndChangesNothing() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.second + 9] ^= 0x01
        try directory.write(bytes, to: directory.journal)
        #expect(throws: StorageError.corruptJournal(
            path: directory.journal, offset: offsets.second,
            reason: "\(corruptedChecksum(bytes, at: offsets.second))", intactAt: offsets.third)
        ) { try open() }
        #expect(try directory.bytes(directory.journal) == bytes)
    }

    @Test func aDamagedLengthInTheMiddleIsCorruptionNotATornTail() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.second + 3] = 0x7F
        try directory.write(bytes, to: directory.journal)
        do {
            _ = try open()
            Issue.record("a journal damaged in the middle should not open")
        } catch let error as StorageError {
            guard case .corruptJournal(let path, let offset, _, let intactAt) = error else {
                Issue.record("expected corruptJournal, got \(error)")
                return
            }
            #expect(path == directory.journal)
            #expect(offset == offsets.second)
            #expect(intactAt == offsets.third)
            #expect("\(error)".contains("byte offset \(offsets.second)"))
        }
        #expect(try directory.bytes(directory.journal) == bytes)
    }

    @Test func aJournalDeletedBesideASnapshotIsRefused() throws {
        do {
            let store = try open()
            try store.put("c", key: "one", value: [1])
            try store.snapshot()
            try store.put("c", key: "two", value: [2])
            store.close()
        }
        try FileManager.default.removeItem(atPath: directory.journal)
        #expect(throws: StorageError.missingJournal(path: directory.journal)) { try open() }
        #expect(!FileManager.default.fileExists(atPath: directory.journal))
    }

    /// The checksum mismatch the record at `offset` now shows.
    func corruptedChecksum(_ bytes: [UInt8], at offset: Int) -> RecoveryReport.CutReason {
        let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        let stored = UInt32(bytes[offset + 4]) | UInt32(bytes[offset + 5]) << 8 | UInt32(bytes[offset + 6]) << 16 | UInt32(bytes[offset + 7]) << 24
        // Version 2: the checksum covers the key checksum and the payload.
        return .checksumMismatch(expected: stored, actual: CRC32.checksum(bytes[(offset + 8)..<(offset + 12 + length)]))
    }

    /// A whole header announcing an impossible length is garbage, not a write cut short.
    @Test func anImplausibleLengthAtTheTailIsDamageNotATornWrite() throws {
        let offsets = try writeThreeRecords()
        let bytes = try directory.bytes(directory.journal) + [0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        try directory.write(bytes, to: directory.journal)
        #expect(throws: StorageError.damagedJournalTail(
            path: directory.journal, offset: offsets.end, reason: "\(RecoveryReport.CutReason.implausibleLength(0x7FFF_FFFF))")
        ) { try open() }
        #expect(try directory.bytes(directory.journal) == bytes)
    }

    @Test func aTornHeaderIsCut() throws {
        let offsets = try writeThreeRecords()
        try directory.write(try directory.bytes(directory.journal) + [0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3, 4, 5], to: directory.journal)
        let store = try open()
        #expect(store.recovery.cutReason == .truncatedHeader(available: 9))
        #expect(store.recovery.cutOffset == offsets.end)
        #expect(store.all("c").count == 3)
    }

    @Test func writesAfterACutSurviveTheNextStart() throws {
        let offsets = try writeThreeRecords()
        try directory.write(Array(try directory.bytes(directory.journal)[..<(offsets.end - 2)]), to: directory.journal)
        do {
            let store = try open()
            #expect(!store.recovery.isClean)
            try store.put("c", key: "four", value: [4])
            store.close()
        }
        let reopened = try open()
        #expect(reopened.recovery.isClean)
        #expect(reopened.all("c").keys.sorted() == ["four", "one", "two"])
    }

    @Test func theReportSaysWhatWasCut() throws {
        let offsets = try writeThreeRecords()
        try directory.write(Array(try directory.bytes(directory.journal)[..<(offsets.third + 3)]), to: directory.journal)
        let description = try open().recovery.description
        #expect(description.contains("cut 3 bytes at offset \(offsets.third)"))
        #expect(description.contains("torn record header"))
    }
}

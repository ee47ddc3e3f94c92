import Foundation
import Testing
@testable import Storage

/// A damaged journal tail is cut off at start-up and reported, never loaded.
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
                #expect(report.cutReason == .truncatedRecord(declared: offsets.end - offsets.third - 8, available: length - offsets.third - 8))
            }
            #expect(store.all("c").keys.sorted() == ["one", "two"])
            store.close()
            #expect(try directory.bytes(directory.journal).count == offsets.third)
        }
    }

    @Test func aFlippedPayloadByteIsACheckSumMismatch() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.end - 3] ^= 0x40
        try directory.write(bytes, to: directory.journal)
        let store = try open()
        #expect(store.recovery.bytesCut == offsets.end - offsets.third)
        guard case .checksumMismatch = store.recovery.cutReason else {
            Issue.record("expected a checksum mismatch, got \(String(describing: store.recovery.cutReason))")
            return
        }
        #expect(store.get("c", key: "three") == nil)
        #expect(store.get("c", key: "two") == Array("second value".utf8))
    }

    @Test func damageInTheMiddleCutsEverythingFromThere() throws {
        let offsets = try writeThreeRecords()
        var bytes = try directory.bytes(directory.journal)
        bytes[offsets.second + 4] ^= 0x01
        try directory.write(bytes, to: directory.journal)
        let store = try open()
        #expect(store.recovery.recordsReplayed == 1)
        #expect(store.recovery.cutOffset == offsets.second)
        #expect(store.recovery.bytesCut == offsets.end - offsets.second)
        #expect(store.all("c").keys.sorted() == ["one"])
    }

    @Test func anImplausibleLengthIsCut() throws {
        let offsets = try writeThreeRecords()
        try directory.write(try directory.bytes(directory.journal) + [0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3, 4, 5], to: directory.journal)
        let store = try open()
        #expect(store.recovery.cutReason == .implausibleLength(0x7FFF_FFFF))
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

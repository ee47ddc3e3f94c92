import Foundation
import Testing
import TestSupport
@testable import Storage

/// The store holds password hashes and reset tokens: its files are the owner's alone, whatever
/// the process's umask.
struct FileModeTests {
    let directory = TemporaryDirectory()

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func storeFilesAreOwnerOnlyAndItsFolderTooWhenCreated() throws {
        let folder = directory.path + "/data/store"
        let store = try JournalStore(directory: folder)
        try store.put("c", key: "k", value: [1])
        try store.snapshot()
        store.close()
        #expect(try mode(directory.path + "/data") == 0o700)
        #expect(try mode(folder) == 0o700)
        for name in ["journal", "snapshot", "lock"] {
            #expect(try mode(folder + "/" + name) == 0o600, "\(name)")
        }
    }

    @Test func filesSetAsideByRepairAreOwnerOnly() throws {
        let store = try JournalStore(directory: directory.path)
        try store.put("c", key: "k", value: [1])
        store.close()
        var bytes = try directory.bytes(directory.journal)
        bytes.removeLast(2)
        try directory.write(bytes, to: directory.journal)
        let report = try JournalStore.repair(.init(directory: directory.path), now: 0)
        for path in report.setAside + [directory.journal, directory.snapshot] {
            #expect(try mode(path) == 0o600, "\(path)")
        }
    }
}

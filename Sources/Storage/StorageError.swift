#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a store could not open or write. Every case names the file so an operator knows where to look.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was written by a different format version of Waypoint's store.
    case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
    /// The file does not start with the store's magic bytes.
    case notAStoreFile(path: String)
    /// A snapshot failed its checksum or could not be decoded; snapshots are renamed into place
    /// whole, so this is real damage and is never repaired silently.
    case corruptSnapshot(path: String, reason: String)
    /// The journal is damaged at `offset` and intact records follow at `intactAt`: not a torn tail
    /// but corruption, which is never cut silently (cutting would lose the records after it).
    case corruptJournal(path: String, offset: Int, reason: String, intactAt: Int)
    /// The journal's last record is complete but fails its checksum (or does not decode): it was
    /// written whole, so it may be an acknowledged write, and cutting it could undo that write.
    case damagedJournalTail(path: String, offset: Int, reason: String)
    /// A snapshot exists but its journal does not: the journal was deleted or lost, and the writes
    /// it held with it.
    case missingJournal(path: String)
    /// The journal belongs to a newer generation than the snapshot: the snapshot it builds on is missing.
    case missingSnapshot(path: String, journalGeneration: UInt64, snapshotGeneration: UInt64)
    /// A system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// A record is larger than the journal accepts.
    case recordTooLarge(bytes: Int, limit: Int)
    /// An earlier write or sync failed in a way that leaves the disk state uncertain; the store
    /// refuses further writes until it is reopened (and recovered).
    case storeFailed(String)
    /// Another open store (in this process or another) holds the directory.
    case locked(path: String)
    case closed
    /// The journal lane already holds `limit` records waiting to be written: try again shortly.
    case laneFull(limit: Int)
    /// Another writer's group commit (or a snapshot) held the journal longer than a writer may
    /// wait: the disk is slow or hangs. The write stays queued and is written with the next group
    /// unless the store fails, so the caller must not say it was saved, nor that it was not.
    case commitTimedOut(waited: Duration)

    public var description: String {
        switch self {
        case .unsupportedVersion(let path, let found, let supported):
            "\(path): format version \(found) is not supported (this build reads version \(supported))"
        case .notAStoreFile(let path):
            "\(path): not a Waypoint store file (bad magic bytes)"
        case .corruptSnapshot(let path, let reason):
            "\(path): corrupt snapshot: \(reason)"
        case .corruptJournal(let path, let offset, let reason, let intactAt):
            "\(path): journal damaged at byte offset \(offset) (\(reason)), with intact records from byte offset \(intactAt) on"
        case .damagedJournalTail(let path, let offset, let reason):
            "\(path): the last record, at byte offset \(offset), is complete but damaged (\(reason)); it may hold an acknowledged write, so it is not cut"
        case .missingJournal(let path):
            "\(path): journal missing while a snapshot exists"
        case .missingSnapshot(let path, let journal, let snapshot):
            "\(path): journal generation \(journal) needs a snapshot of that generation, found \(snapshot)"
        case .io(let operation, let path, let code):
            "\(path): \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .recordTooLarge(let bytes, let limit):
            "record of \(bytes) bytes exceeds the limit of \(limit) bytes"
        case .laneFull(let limit):
            "the journal lane holds \(limit) writes already"
        case .commitTimedOut(let waited):
            "the journal was busy writing for over \(waited): the disk is slow or hangs"
        case .storeFailed(let reason):
            "store refuses writes after an earlier failure: \(reason)"
        case .locked(let path):
            "\(path): the store is already open elsewhere"
        case .closed:
            "store is closed"
        }
    }
}

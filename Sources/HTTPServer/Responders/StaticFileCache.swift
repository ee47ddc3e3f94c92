import Glibc
import Synchronization

/// Small files by relative path, shared by every event loop, each with when it was last found
/// unchanged on disk (monotonic nanoseconds). Keyed by the path's bytes and their hash, which
/// the scan of the request path already took (`StaticFilePath.Plain.hash`): a lookup makes no
/// String and runs no `Hasher` (a dictionary keyed by String took about 500 instructions).
final class StaticFileCache: Sendable {
    private struct Entry {
        let key: [UInt8]
        let hash: UInt64
        let file: StaticFile
        var checkedAt: UInt64
    }

    /// Open addressing with linear probing, at most half full; emptied whole when full, as the
    /// dictionary it replaces was (a site's files fit many times over).
    private struct Table {
        var slots: [Entry?]
        var count = 0
    }

    private let table: Mutex<Table>
    private let maxEntries: Int

    init(maxEntries: Int = 1024) {
        self.maxEntries = maxEntries
        var capacity = 16
        while capacity < 2 * maxEntries { capacity *= 2 }
        table = Mutex(Table(slots: Array(repeating: nil, count: capacity)))
    }

    /// The file, if it was last checked on disk at or after `since`.
    func file(for key: UnsafeBufferPointer<UInt8>, hash: UInt64, checkedSince since: UInt64) -> StaticFile? {
        table.withLock { table in
            guard let index = Self.slot(of: key, hash: hash, in: table.slots), let entry = table.slots[index],
                  entry.checkedAt >= since
            else { return nil }
            return entry.file
        }
    }

    /// The file if the cached one has `identity`, noting it was checked at `now`.
    func file(for key: UnsafeBufferPointer<UInt8>, hash: UInt64, identity: StaticFile.Identity, checkedAt now: UInt64) -> StaticFile? {
        table.withLock { table in
            guard let index = Self.slot(of: key, hash: hash, in: table.slots), let entry = table.slots[index],
                  entry.file.identity == identity
            else { return nil }
            if entry.checkedAt < now { table.slots[index]?.checkedAt = now }
            return entry.file
        }
    }

    func store(_ file: StaticFile, for key: UnsafeBufferPointer<UInt8>, hash: UInt64, checkedAt now: UInt64) {
        let entry = Entry(key: Array(key), hash: hash, file: file, checkedAt: now)
        table.withLock { table in
            if let index = Self.slot(of: key, hash: hash, in: table.slots) {
                table.slots[index] = entry
                return
            }
            if table.count >= maxEntries {
                table.slots = Array(repeating: nil, count: table.slots.count)
                table.count = 0
            }
            let mask = table.slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while table.slots[index] != nil { index = (index + 1) & mask }
            table.slots[index] = entry
            table.count += 1
        }
    }

    /// The slot holding `key`, probing from its hash's slot to the first empty one.
    private static func slot(of key: UnsafeBufferPointer<UInt8>, hash: UInt64, in slots: [Entry?]) -> Int? {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let entry = slots[index] {
            if entry.hash == hash && entry.key.count == key.count
                && (key.isEmpty || entry.key.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) {
                return index
            }
            index = (index + 1) & mask
        }
        return nil
    }
}

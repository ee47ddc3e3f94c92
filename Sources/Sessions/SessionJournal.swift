#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Storage

/// The sessions' durable home: a journal store of its own in `<data>/sessions`, one entry per
/// session. A write returns once it is on disk, so authentication changes (sign-in, sign-out,
/// revocation) and forms' receipts are written as they happen; navigation is written in batches of
/// changed sessions.
public final class SessionJournal: Sendable {
    public static let collection = "sessions"

    public static func directory(inDataDirectory dataDirectory: String) -> String {
        dataDirectory + "/sessions"
    }
    public let store: any KeyValueStore

    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// Every saved session; an entry that does not decode is skipped (and reported) rather than
    /// taking the others down with it.
    public func load() -> (records: [SessionRecord], unreadable: Int) {
        let decoder = JSONDecoder()
        var records: [SessionRecord] = []
        var unreadable = 0
        for (_, bytes) in store.all(Self.collection) {
            if let record = try? decoder.decode(SessionRecord.self, from: Data(bytes)) {
                records.append(record)
            } else {
                unreadable += 1
            }
        }
        return (records, unreadable)
    }

    /// Stores `records` and deletes `removing` in one durable write.
    public func write(records: [SessionRecord], removing: [String]) throws {
        try store.apply(try mutations(records: records, removing: removing))
    }

    /// `write` in two steps: on a journal store the record is queued now, its place in the journal
    /// fixed, and the returned call waits until it is durable (sharing the fsync with whatever was
    /// queued meanwhile). Another store writes at once.
    public func queue(records: [SessionRecord], removing: [String]) throws -> () throws -> Void {
        let mutations = try mutations(records: records, removing: removing)
        guard let journal = store as? JournalStore, !mutations.isEmpty else {
            try store.apply(mutations)
            return {}
        }
        let write = try journal.queue(mutations)
        return {
            try journal.awaitDurable(write)
            journal.snapshotWhenDue()
        }
    }

    private func mutations(records: [SessionRecord], removing: [String]) throws -> [StoreMutation] {
        let encoder = JSONEncoder()
        var mutations: [StoreMutation] = []
        mutations.reserveCapacity(records.count + removing.count)
        let written = Set(records.map(\.id))
        for id in removing where !written.contains(id) {
            mutations.append(.delete(collection: Self.collection, key: id))
        }
        for record in records {
            mutations.append(.put(collection: Self.collection, key: record.id, value: Array(try encoder.encode(record))))
        }
        return mutations
    }
}

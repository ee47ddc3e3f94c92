#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Storage

/// The sessions' durable home: a journal store of its own in `<data>/sessions`, one entry per
/// session. A write returns once it is on disk, so authentication changes (sign-in, sign-out,
/// revocation) are written as they happen; navigation is written in batches of changed sessions.
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
        try store.apply(mutations)
    }
}

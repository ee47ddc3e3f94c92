#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient
import Services
import Sessions
import Storage

/// The sessions `waypoint migrate` copies, each as `RedisSessionJournal` keeps it and expiring
/// when it would have on the embedded server (its idle timeout, a visitor's a day, after its last use). Expired
/// sessions are left out, and so are entries that do not decode (counted, as start-up counts them).
struct SessionEntries {
    private(set) var entries: [MigrationEntry] = []
    private(set) var expired = 0
    private(set) var unreadable = 0

    /// `store` is the session journal's store; `legacyFile` a `sessions.json` of an earlier version
    /// not yet imported (the journal's copy of a session wins).
    init(store: (any KeyValueStore)?, legacyFile: SessionFile, keys: RedisSessionJournal, now: Int64) throws {
        let decoder = JSONDecoder()
        var seen: Set<String> = []
        // The stored bytes are copied as they are, so a second run compares equal byte for byte.
        for (id, bytes) in (store?.all(SessionJournal.collection) ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let record = try? decoder.decode(SessionRecord.self, from: Data(bytes)), record.id == id else {
                unreadable += 1
                continue
            }
            seen.insert(id)
            add(record, bytes: bytes, keys: keys, now: now)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for record in try legacyFile.loadIfPresent() ?? [] where seen.insert(record.id).inserted {
            add(record, bytes: Array(try encoder.encode(record)), keys: keys, now: now)
        }
    }

    private mutating func add(_ record: SessionRecord, bytes: [UInt8], keys: RedisSessionJournal, now: Int64) {
        let timeout = keys.timeout(signedIn: record.userID != nil)
        let remaining = timeout - (now - record.lastSeen)
        guard remaining > 0 else {
            expired += 1
            return
        }
        // The layout `RedisSessionJournal.write` gives a session: the record and its version in one
        // hash, expiring when the session would, listed under its user (signed in) or with the
        // visitors (whose list every visitor's save keeps within its cap).
        let key = keys.key(record.id)
        var writes = [
            RedisCommand("HSET", [Array(key.utf8), Array("v".utf8), Array("1".utf8), Array("r".utf8), bytes]),
            RedisCommand("EXPIRE", key, String(remaining)),
        ]
        let list = record.userID.map(keys.userKey) ?? keys.visitorsKey
        writes += [
            RedisCommand("ZADD", list, String(record.lastSeen + timeout), record.id),
            RedisCommand("EXPIRE", list, String(timeout)),
        ]
        entries.append(MigrationEntry(
            group: "sessions", name: record.id, key: key, field: "r", value: bytes, writes: writes, changesData: false))
    }
}

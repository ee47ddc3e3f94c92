#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient

/// Sessions shared by every instance: one Redis key per session (`<prefix>session:<id>`, the
/// record as JSON) expiring after the idle timeout, refreshed whenever the session is saved.
///
/// A session id changes with every sign-in and sign-out (`SessionStore.rotate`), and the old key
/// is deleted in the same transaction: "is this signed-in session's key still there?" is therefore
/// the whole test of whether another instance ended it. Periodic saves of signed-in sessions use
/// `SET … XX` so they can never recreate a key an instance deleted. Calls block: workers only.
final class RedisSessionJournal: SessionPersistence {
    let pool: RedisPool
    let prefix: String
    let idleTimeout: Int64

    init(pool: RedisPool, idleTimeout: Int64, prefix: String = "waypoint:") {
        self.pool = pool
        self.idleTimeout = max(1, idleTimeout)
        self.prefix = prefix
    }

    func key(_ id: String) -> String { prefix + "session:" + id }

    /// Sessions are looked up when first seen, not loaded at start-up.
    func load() -> (records: [SessionRecord], unreadable: Int) { ([], 0) }

    func write(records: [SessionRecord], removing: [String]) throws {
        try commit(records: records, removing: removing, onlyExisting: { _ in false })
    }

    func save(records: [SessionRecord], removing: [String]) throws {
        try commit(records: records, removing: removing, onlyExisting: { $0.userID != nil })
    }

    /// The saved record, or nil when there is none (never saved, expired or ended).
    func record(id: String) throws(RedisError) -> SessionRecord? {
        guard let bytes = try pool.send(RedisCommand("GET", key(id))).bytes else { return nil }
        return try? JSONDecoder().decode(SessionRecord.self, from: Data(bytes))
    }

    /// Whether the session's key still exists.
    func isLive(id: String) throws(RedisError) -> Bool {
        try pool.send(RedisCommand("EXISTS", key(id))).integer == 1
    }

    private func commit(records: [SessionRecord], removing: [String], onlyExisting: (SessionRecord) -> Bool) throws {
        let encoder = JSONEncoder()
        let written = Set(records.map(\.id))
        var commands = [RedisCommand("MULTI")]
        for id in removing where !written.contains(id) {
            commands.append(RedisCommand("DEL", key(id)))
        }
        for record in records {
            var arguments = [Array(key(record.id).utf8), Array(try encoder.encode(record)), Array("EX".utf8), Array(String(idleTimeout).utf8)]
            if onlyExisting(record) { arguments.append(Array("XX".utf8)) }
            commands.append(RedisCommand("SET", arguments))
        }
        guard commands.count > 1 else { return }
        commands.append(RedisCommand("EXEC"))
        let replies = try pool.pipeline(commands)
        if let failure = replies.compactMap(\.errorMessage).first ?? replies.last?.array?.compactMap(\.errorMessage).first {
            throw RedisError.server(failure)
        }
        guard replies.last?.array != nil else { throw RedisError.server("the session transaction was not executed") }
    }
}

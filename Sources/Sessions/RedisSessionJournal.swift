#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient

/// Sessions shared by every instance. Each is a hash `<prefix>session:<id>` holding the record as
/// JSON (`r`) and its version (`v`, raised by every save), expiring after the idle timeout and
/// refreshed whenever the session is saved. Each user's signed-in sessions are also listed in the
/// sorted set `<prefix>user-sessions:<user id>` (scored by when each would expire), kept in the
/// same transaction or script as the session itself, so "end this user's other sessions" reaches
/// the ones only other instances hold.
///
/// A session id changes with every sign-in and sign-out (`SessionStore.rotate`), and the old key
/// is deleted in the same transaction: "the key is gone" is exactly "it was signed out or revoked
/// elsewhere". Periodic saves compare and set in one script: a save from a copy whose version is
/// not the stored one (another instance saved since) is refused, and so is one that would bring
/// back a deleted key. Calls block: workers only.
public final class RedisSessionJournal: SessionPersistence {
    public let pool: RedisPool
    public let prefix: String
    public let idleTimeout: Int64

    public init(pool: RedisPool, idleTimeout: Int64, prefix: String = "waypoint:") {
        self.pool = pool
        self.idleTimeout = max(1, idleTimeout)
        self.prefix = prefix
    }

    public var sessionPrefix: String { prefix + "session:" }
    public func key(_ id: String) -> String { sessionPrefix + id }
    public func userKey(_ user: UserID) -> String { prefix + "user-sessions:" + user.rawValue }

    /// Sessions are looked up when first seen, not loaded at start-up.
    public func load() -> (records: [SessionRecord], unreadable: Int) { ([], 0) }

    public func write(records: [SessionRecord], ending ended: [SessionReference]) throws {
        let written = Set(records.map(\.id))
        var commands = [RedisCommand("MULTI")]
        for session in ended where !written.contains(session.id) {
            commands.append(RedisCommand("DEL", key(session.id)))
            if let user = session.userID { commands.append(RedisCommand("ZREM", userKey(user), session.id)) }
        }
        for record in records {
            commands += [
                RedisCommand("DEL", key(record.id)),
                RedisCommand("HSET", [
                    Array(key(record.id).utf8), Array("v".utf8), Array(String(record.version).utf8), Array("r".utf8),
                    try Self.encode(record),
                ]),
                RedisCommand("EXPIRE", key(record.id), String(idleTimeout)),
            ]
            if let user = record.userID {
                commands += [
                    RedisCommand("ZADD", userKey(user), String(record.lastSeen + idleTimeout), record.id),
                    RedisCommand("ZREMRANGEBYSCORE", userKey(user), "-inf", "(" + String(record.lastSeen)),
                    RedisCommand("EXPIRE", userKey(user), String(idleTimeout)),
                ]
            }
        }
        guard commands.count > 1 else { return }
        commands.append(RedisCommand("EXEC"))
        let replies = try pool.pipeline(commands)
        if let failure = replies.compactMap(\.errorMessage).first ?? replies.last?.array?.compactMap(\.errorMessage).first {
            throw RedisError.server(failure)
        }
        guard replies.last?.array != nil else { throw RedisError.server("the session transaction was not executed") }
    }

    public func endSessions(of user: UserID, keeping: String, known: [SessionReference]) throws {
        let reply = try pool.send(RedisCommand(
            "EVAL", [Self.endSessionsScript, "1", userKey(user), sessionPrefix, keeping].map { Array($0.utf8) }
                + known.map { Array($0.id.utf8) }))
        guard reply.integer != nil else { throw RedisError.server("the revocation script answered \(reply)") }
    }

    public func save(records: [SessionRecord], forgetting: [String]) throws -> SessionSaveOutcome {
        // What left this instance's memory (evicted, expired here) is not over: another instance
        // may be serving it, and Redis expires what nobody uses.
        guard !records.isEmpty else { return SessionSaveOutcome() }
        return try outcome(of: records, replies: try pool.pipeline(try saveCommands(records)))
    }

    /// The compare-and-set of each record, to send together (`save`, or on an event loop).
    public func saveCommands(_ records: [SessionRecord]) throws -> [RedisCommand] {
        try records.map(saveCommand)
    }

    /// What `saveCommands`' replies say.
    public func outcome(of records: [SessionRecord], replies: [RESPValue]) throws -> SessionSaveOutcome {
        var outcome = SessionSaveOutcome()
        for (record, reply) in zip(records, replies) {
            guard let version = reply.integer else {
                throw RedisError.server(reply.errorMessage ?? "the session save answered \(reply)")
            }
            if version > 0 { outcome.saved[record.id] = version } else { outcome.stale.insert(record.id) }
        }
        return outcome
    }

    /// The compare-and-set of one record (see `saveScript`).
    private func saveCommand(_ record: SessionRecord) throws -> RedisCommand {
        var keys = [key(record.id)]
        if let user = record.userID { keys.append(userKey(user)) }
        return RedisCommand("EVAL", [Array(Self.saveScript.utf8), Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + [
            Array(String(record.version).utf8), try Self.encode(record), Array(String(idleTimeout).utf8),
            Array(String(record.lastSeen + idleTimeout).utf8), Array(record.id.utf8), Array(String(record.lastSeen).utf8),
        ])
    }

    public static func encode(_ record: SessionRecord) throws -> [UInt8] {
        Array(try JSONEncoder().encode(record))
    }
}

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
/// the ones only other instances hold. Visitors' sessions expire sooner (`visitorIdleTimeout`, a
/// day) and are listed in `<prefix>visitor-sessions`, which every visitor's save keeps within
/// `maxVisitors` across all instances (see `saveScript`).
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
    /// Seconds a visitor's session lives without a request (at most `idleTimeout`).
    public let visitorIdleTimeout: Int64
    /// Visitors' sessions kept at most in Redis, whichever instance made them.
    public let maxVisitors: Int

    public init(
        pool: RedisPool, idleTimeout: Int64, visitorIdleTimeout: Int64 = 24 * 3600, maxVisitors: Int = 200_000,
        prefix: String = "waypoint:"
    ) {
        self.pool = pool
        self.idleTimeout = max(1, idleTimeout)
        self.visitorIdleTimeout = max(1, min(visitorIdleTimeout, self.idleTimeout))
        self.maxVisitors = max(1, maxVisitors)
        self.prefix = prefix
    }

    public var sessionPrefix: String { prefix + "session:" }
    public func key(_ id: String) -> String { sessionPrefix + id }
    public func userKey(_ user: UserID) -> String { prefix + "user-sessions:" + user.rawValue }
    /// The visitors' sessions, scored by when each would expire.
    public var visitorsKey: String { prefix + "visitor-sessions" }

    /// How long a session lives in Redis without a request: a day for a visitor's, 30 days signed in.
    public func timeout(signedIn: Bool) -> Int64 { signedIn ? idleTimeout : visitorIdleTimeout }

    /// Sessions are looked up when first seen, not loaded at start-up.
    public func load() -> (records: [SessionRecord], unreadable: Int) { ([], 0) }

    public func write(records: [SessionRecord], ending ended: [SessionReference]) throws {
        guard let commands = try writeCommands(records: records, ending: ended) else { return }
        try Self.checkWritten(try pool.pipeline(commands))
    }

    /// `write`'s transaction, to send on an event loop's connection (nil: nothing to write);
    /// its replies are read by `checkWritten`.
    public func writeCommands(records: [SessionRecord], ending ended: [SessionReference]) throws -> [RedisCommand]? {
        let written = Set(records.map(\.id))
        var commands = [RedisCommand("MULTI")]
        for session in ended where !written.contains(session.id) {
            commands.append(RedisCommand("DEL", key(session.id)))
            commands.append(RedisCommand("ZREM", session.userID.map(userKey) ?? visitorsKey, session.id))
        }
        for record in records {
            let timeout = timeout(signedIn: record.userID != nil)
            let list = record.userID.map(userKey) ?? visitorsKey
            commands += [
                RedisCommand("DEL", key(record.id)),
                RedisCommand("HSET", [
                    Array(key(record.id).utf8), Array("v".utf8), Array(String(record.version).utf8), Array("r".utf8),
                    try Self.encode(record),
                ]),
                RedisCommand("EXPIRE", key(record.id), String(timeout)),
                // The visitors' set is brought back within its cap by the next visitor's save.
                RedisCommand("ZADD", list, String(record.lastSeen + timeout), record.id),
                RedisCommand("ZREMRANGEBYSCORE", list, "-inf", "(" + String(record.lastSeen)),
                RedisCommand("EXPIRE", list, String(timeout)),
            ]
        }
        guard commands.count > 1 else { return nil }
        commands.append(RedisCommand("EXEC"))
        return commands
    }

    /// Throws unless the replies to `writeCommands` say the transaction was made.
    public static func checkWritten(_ replies: [RESPValue]) throws {
        if let failure = replies.compactMap(\.errorMessage).first ?? replies.last?.array?.compactMap(\.errorMessage).first {
            throw RedisError.server(failure)
        }
        guard replies.last?.array != nil else { throw RedisError.server("the session transaction was not executed") }
    }

    public func endSessions(of user: UserID, keeping: String, known: [SessionReference]) throws {
        try Self.checkEnded(try pool.send(endSessionsCommand(of: user, keeping: keeping, known: known)))
    }

    /// `endSessions`' script, to send on an event loop's connection; its reply is read by `checkEnded`.
    public func endSessionsCommand(of user: UserID, keeping: String, known: [SessionReference]) -> RedisCommand {
        RedisCommand(
            "EVAL", [Self.endSessionsScript, "1", userKey(user), sessionPrefix, keeping].map { Array($0.utf8) }
                + known.map { Array($0.id.utf8) })
    }

    /// Throws unless the reply to `endSessionsCommand` says the script ran.
    public static func checkEnded(_ reply: RESPValue) throws {
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
        let keys = [key(record.id), record.userID.map(userKey) ?? visitorsKey]
        let timeout = timeout(signedIn: record.userID != nil)
        return RedisCommand("EVAL", [Array(Self.saveScript.utf8), Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + [
            Array(String(record.version).utf8), try Self.encode(record), Array(String(timeout).utf8),
            Array(String(record.lastSeen + timeout).utf8), Array(record.id.utf8), Array(String(record.lastSeen).utf8),
            Array((record.userID == nil ? "visitor" : "user").utf8), Array(String(maxVisitors).utf8), Array(sessionPrefix.utf8),
        ])
    }

    public static func encode(_ record: SessionRecord) throws -> [UInt8] {
        Array(try JSONEncoder().encode(record))
    }
}

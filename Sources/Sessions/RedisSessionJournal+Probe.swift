#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient
import Services

extension RedisSessionJournal {
    /// What Redis says about a session a request names.
    public enum Probe: Sendable {
        /// No such key: never saved, expired, or ended (signed out or revoked) elsewhere.
        case absent
        /// The stored version of a session this instance holds.
        case version(Int64)
        /// The stored record of a session this instance does not hold.
        case record(SessionRecord)
        /// A record an earlier version saved; `record(id:)` upgrades it.
        case legacy
    }

    /// The per-request question about session `id`, pipelined with the request's others: only its
    /// version when this instance holds a copy (a few bytes), the whole record otherwise.
    public func probe(id: String, held: Bool) -> RedisCommand {
        // Every request asks it: built from bytes, not strings.
        var key: [UInt8] = []
        key.reserveCapacity(prefix.utf8.count + Self.sessionInfix.count + id.utf8.count)
        key.append(contentsOf: prefix.utf8)
        key.append(contentsOf: Self.sessionInfix)
        key.append(contentsOf: id.utf8)
        return held
            ? RedisCommand(arguments: [Self.hget, key, Self.versionField])
            : RedisCommand(arguments: [Self.hmget, key, Self.versionField, Self.recordField])
    }

    private static let sessionInfix = Array("session:".utf8)
    private static let hget = Array("HGET".utf8)
    private static let hmget = Array("HMGET".utf8)
    private static let versionField = Array("v".utf8)
    private static let recordField = Array("r".utf8)

    /// Reads the answer to `probe(id:held:)`.
    public func answer(_ reply: RESPValue, held: Bool) throws(RedisError) -> Probe {
        if let message = reply.errorMessage {
            if message.hasPrefix("WRONGTYPE") { return .legacy }
            throw .server(message)
        }
        if held {
            guard let text = reply.string else { return .absent }
            guard let version = Int64(text) else { throw .server("a session version that is not a number") }
            return .version(version)
        }
        return Self.record(fromFields: reply).map(Probe.record) ?? .absent
    }

    /// The stored record and its version, or nil when there is none (never saved, expired or ended).
    public func record(id: String) throws(RedisError) -> SessionRecord? {
        let command = probe(id: id, held: false)
        var reply = try pool.pipeline([command])[0]
        if reply.errorMessage?.hasPrefix("WRONGTYPE") == true {
            _ = try pool.send(RedisCommand("EVAL", Self.upgradeScript, "1", key(id)))
            reply = try pool.pipeline([command])[0]
        }
        if let message = reply.errorMessage { throw .server(message) }
        return Self.record(fromFields: reply)
    }

    /// `record(id:)` sent on an event loop's own connection (`send`), calling back there: the
    /// record is fetched in one round trip, upgraded first in the same one when `upgrading` (the
    /// probe said an earlier version saved it; the script leaves a hash alone). A record found to
    /// be an earlier version's only now costs one more round trip. False when nothing was sent.
    public func record(
        id: String, upgrading: Bool, through send: @escaping RedisSend,
        completion: @escaping (Result<SessionRecord?, RedisError>) -> Void
    ) -> Bool {
        let fetch = probe(id: id, held: false)
        let commands = upgrading ? [RedisCommand("EVAL", Self.upgradeScript, "1", key(id)), fetch] : [fetch]
        return send(commands) { [self] result in
            let reply: RESPValue
            do {
                let replies = try result.get()
                if let message = replies.first?.errorMessage, upgrading { throw RedisError.server(message) }
                guard let last = replies.last else { throw RedisError.connectionClosed }
                reply = last
            } catch {
                return completion(.failure(error as? RedisError ?? .connectionClosed))
            }
            if !upgrading, reply.errorMessage?.hasPrefix("WRONGTYPE") == true {
                if !record(id: id, upgrading: true, through: send, completion: completion) {
                    completion(.failure(.connectionClosed))
                }
                return
            }
            if let message = reply.errorMessage { return completion(.failure(.server(message))) }
            completion(.success(Self.record(fromFields: reply)))
        }
    }

    /// A record from the `v` and `r` fields; a record that does not decode reads as none.
    public static func record(fromFields reply: RESPValue) -> SessionRecord? {
        guard let fields = reply.array, fields.count == 2, let bytes = fields[1].bytes,
            var record = try? JSONDecoder().decode(SessionRecord.self, from: Data(bytes))
        else { return nil }
        record.version = fields[0].string.flatMap { Int64($0) } ?? 0
        return record
    }
}

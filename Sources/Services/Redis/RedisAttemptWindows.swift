#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient

/// Attempt windows kept in Redis, so that every instance counts every attempt: one hash per key,
/// `<prefix><kind>:<key>` with the window's start (`s`), its attempts (`n`) and the last attempt
/// (`l`), times in milliseconds of the app's clock. Counting opens or extends the window in one
/// script, so concurrent attempts on several instances are all counted. The key expires with its
/// window, which bounds memory under a flood of addresses or names as `maxEntries` does in memory.
///
/// Commands are built here and sent by the caller, so a request can pipeline them with others.
public struct RedisAttemptWindows: Sendable {
    let prefix: String

    public init(prefix: String = "waypoint:throttle:") {
        self.prefix = prefix
    }

    static let recordScript = """
        local now = tonumber(ARGV[1])
        local length = tonumber(ARGV[2])
        local start = tonumber(redis.call('HGET', KEYS[1], 's'))
        if start == nil or now - start >= length then
            redis.call('HSET', KEYS[1], 's', ARGV[1], 'n', 1, 'l', ARGV[1])
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            return {now, 1, now}
        end
        local attempts = redis.call('HINCRBY', KEYS[1], 'n', 1)
        redis.call('HSET', KEYS[1], 'l', ARGV[1])
        return {start, attempts, now}
        """

    func key(_ kind: String, _ key: String) -> String {
        prefix + kind + ":" + key
    }

    /// Reads the window: answered by `window(from:)`.
    public func read(_ kind: String, key: String) -> RedisCommand {
        RedisCommand("HMGET", self.key(kind, key), "s", "n", "l")
    }

    /// Counts one attempt at `now`, opening a window of `length` when none is open: answered by
    /// `window(from:)` with the window after counting.
    public func record(_ kind: String, key: String, now: Date, length: TimeInterval) -> RedisCommand {
        RedisCommand(
            "EVAL", Self.recordScript, "1", self.key(kind, key), String(Self.milliseconds(now)),
            String(max(1, Int64((length * 1000).rounded(.up)))))
    }

    public func reset(_ kind: String, key: String) -> RedisCommand {
        RedisCommand("DEL", self.key(kind, key))
    }

    /// The window in a reply to `read` or `record`; nil when none was counted.
    public static func window(from reply: RESPValue) throws(RedisError) -> AttemptWindow? {
        if let message = reply.errorMessage { throw .server(message) }
        guard let fields = reply.array, fields.count == 3 else { throw .server("unexpected throttle reply \(reply)") }
        let numbers = fields.map { field in field.integer ?? field.string.flatMap { Int64($0) } }
        guard let start = numbers[0], let attempts = numbers[1] else { return nil }
        let last = numbers[2] ?? start
        return AttemptWindow(start: date(start), attempts: Int(attempts), last: date(last))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RedisClient

/// Password-reset requests waiting for their mail, shared by every instance: a request is queued
/// in Redis before its answer is sent (the same work for every address), and whichever instance
/// claims it looks the address up, writes the token and puts the mail in its own outbox.
///
/// Claiming moves the request atomically (LMOVE) from `<prefix>mail:requests` to this instance's
/// `<prefix>mail:claimed:<instance>`, so exactly one instance gets it; it is taken off that list
/// once its mail is written. An instance that dies between the two leaves the request on its
/// list (kept a day, for an operator to see) rather than risk a second mail: at most once, and
/// exactly once while instances live. The queue is capped like the in-memory one: beyond
/// `capacity` waiting requests a new one is dropped (and logged), whatever its address.
/// Calls block: workers only. Needs Redis 6.2 (LMOVE).
public final class SharedResetQueue: Sendable {
    /// One queued request. `payload` is what Redis holds, to take it off the claimed list.
    public struct Request: Sendable {
        public var email: String
        let payload: [UInt8]
    }

    struct Payload: Codable {
        var id: String
        var email: String
    }

    let pool: RedisPool
    let prefix: String
    /// This instance's claimed list's name (random per process unless given).
    let instance: String
    let capacity: Int

    public init(pool: RedisPool, instance: String? = nil, capacity: Int = 1_000, prefix: String = "waypoint:") {
        self.pool = pool
        self.instance = instance ?? ByteEncoding.hex(SecureRandom.bytes(8))
        self.capacity = max(1, capacity)
        self.prefix = prefix
    }

    var requestsKey: String { prefix + "mail:requests" }
    var claimedKey: String { prefix + "mail:claimed:" + instance }

    static let enqueueScript = """
        if redis.call('LLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
        return redis.call('RPUSH', KEYS[1], ARGV[1])
        """

    /// Queues a request for `email`; false when the queue is full and it was dropped.
    public func enqueue(email: String) throws -> Bool {
        let payload = try JSONEncoder().encode(Payload(id: ByteEncoding.hex(SecureRandom.bytes(8)), email: email))
        let reply = try pool.send(RedisCommand("EVAL", [
            Array(Self.enqueueScript.utf8), Array("1".utf8), Array(requestsKey.utf8), Array(payload),
            Array(String(capacity).utf8),
        ]))
        guard let length = reply.integer else { throw RedisError.server("the queue script answered \(reply)") }
        return length > 0
    }

    /// The oldest waiting request, now this instance's; nil when none waits. One that does not
    /// decode stays set aside on the claimed list.
    public func claim() throws -> Request? {
        while true {
            let replies = try pool.pipeline([
                RedisCommand("LMOVE", requestsKey, claimedKey, "LEFT", "RIGHT"),
                RedisCommand("EXPIRE", claimedKey, String(24 * 3600)),
            ])
            if let message = replies[0].errorMessage { throw RedisError.server(message) }
            guard let bytes = replies[0].bytes else { return nil }
            if let payload = try? JSONDecoder().decode(Payload.self, from: Data(bytes)) {
                return Request(email: payload.email, payload: bytes)
            }
        }
    }

    /// The request's mail is written: it leaves this instance's claimed list.
    public func finish(_ request: Request) throws {
        _ = try pool.send(RedisCommand("LREM", [Array(claimedKey.utf8), Array("1".utf8), request.payload]))
    }
}

extension SharedResetQueue {
    /// `enqueue(email:)` for a request parked on its event loop: sent through the loop's Redis
    /// connection; `completion` (on the loop) has whether it was queued (false: full, dropped).
    /// False when nothing was sent.
    public func enqueue(email: String, through send: RedisSend, completion: @escaping (Result<Bool, any Error>) -> Void) -> Bool {
        let payload: Data
        do {
            payload = try JSONEncoder().encode(Payload(id: ByteEncoding.hex(SecureRandom.bytes(8)), email: email))
        } catch {
            completion(.failure(error))
            return true
        }
        let command = RedisCommand("EVAL", [
            Array(Self.enqueueScript.utf8), Array("1".utf8), Array(requestsKey.utf8), Array(payload),
            Array(String(capacity).utf8),
        ])
        return send([command]) { replies in
            completion(Result {
                guard let reply = try replies.get().first else { throw RedisError.server("no reply") }
                if let message = reply.errorMessage { throw RedisError.server(message) }
                guard let length = reply.integer else { throw RedisError.server("the queue script answered \(reply)") }
                return length > 0
            })
        }
    }
}

import Foundation
import RedisClient

extension RedisSessionJournal {
    /// The saved record as stored, or nil when there is none (never saved, expired or ended).
    func bytes(id: String) throws(RedisError) -> [UInt8]? {
        try pool.send(RedisCommand("GET", key(id))).bytes
    }

    /// Saves one session at once, so the next request may go to any instance: a visitor's
    /// unconditionally, a signed-in one only while its key exists (`XX`: never bringing back a
    /// session another instance ended). Returns the bytes stored, or nil when the key was gone.
    func publish(_ record: SessionRecord) throws -> [UInt8]? {
        let bytes = Array(try JSONEncoder().encode(record))
        var arguments = [Array(key(record.id).utf8), bytes, Array("EX".utf8), Array(String(idleTimeout).utf8)]
        if record.userID != nil { arguments.append(Array("XX".utf8)) }
        let reply = try pool.send(RedisCommand("SET", arguments))
        return reply.isNull ? nil : bytes
    }

    /// Tells stored records apart within this process (not a digest to keep or send anywhere).
    static func digest(_ bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}

import RedisClient

/// A Redis that lost its data (FLUSHALL, or a restart without persistence) looks like a new one.
/// The first instance to start on it leaves a random marker there and every instance remembers it,
/// so one that finds the marker gone knows the data went with it: it stops being ready rather than
/// serve 404s, and a restart refuses to seed a fresh demo catalog into a site that had data.
extension RedisStore {
    var startMarkerKey: String { prefix + "start-marker" }

    /// The marker of the data this Redis holds, left now if there is none yet.
    public func joinStartMarker() throws -> String {
        let fresh = SecureRandom.token()
        let replies = try pool.pipeline([
            RedisCommand("SET", startMarkerKey, fresh, "NX"), RedisCommand("GET", startMarkerKey),
        ])
        if let message = replies.compactMap(\.errorMessage).first { throw RedisError.server(message) }
        return replies[1].string ?? fresh
    }

    /// The marker Redis holds now; nil when it has none (its data is gone, or it never had any).
    public func currentStartMarker() throws -> String? {
        let reply = try pool.send(RedisCommand("GET", startMarkerKey))
        if let message = reply.errorMessage { throw RedisError.server(message) }
        return reply.string
    }
}

/// Redis is empty, but this data folder served a Redis that had data: it lost it. Seeding now
/// would silently replace a site's content with the demo's.
public struct RedisLostItsData: Error, CustomStringConvertible {
    public var markerFile: String

    public var description: String {
        "Redis holds no data, but this instance served data there before (\(markerFile)): Redis lost it "
            + "(FLUSHALL, or a restart without persistence). Not seeding it again: restore Redis from its "
            + "backup, or run `waypoint migrate`; to start a new, empty site on it, remove \(markerFile)"
    }
}

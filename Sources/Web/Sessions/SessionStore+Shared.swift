import Foundation

/// Sessions shared through Redis between instances behind a load balancer that may send each
/// request anywhere. A session's state follows it: every request that changed it (navigation,
/// settings, a new visitor session, the once-a-minute last use) saves it to Redis before its answer
/// goes out (`publishChanges`), and every request first compares the saved record with the one held
/// here (`loadShared`), taking the newer one when another instance served the session since. Both
/// run on workers, never an event loop.
extension SessionStore {
    var shared: RedisSessionJournal? { journal as? RedisSessionJournal }

    /// Run before a request is served: a session unknown here is loaded from Redis; a session held
    /// here is compared with Redis's copy (one `GET`): a signed-in one whose key is gone was signed
    /// out or revoked on another instance and is dropped; one another instance saved since is
    /// adopted. A visitor's key that is missing changes nothing (it grants nothing; the next change
    /// saves it again). Throws when Redis cannot be asked; the request then gets a 503.
    func loadShared(id: String, now: Int64) throws {
        guard let shared, Self.isWellFormed(id) else { return }
        let held = shard(for: id).withLock { $0.peek(id) }
        guard let bytes = try shared.bytes(id: id) else {
            guard let held, held.session.record.withLock({ $0.userID }) != nil else { return }
            shard(for: id).withLock { pools in
                pools.remove(id)
                pools.removed.remove(id)
            }
            return
        }
        let digest = RedisSessionJournal.digest(bytes)
        if let held, held.session.sharedDigest.load(ordering: .acquiring) == digest { return }
        guard let record = try? JSONDecoder().decode(SessionRecord.self, from: Data(bytes)), record.id == id else { return }
        if let held {
            held.session.adopt(record, digest: digest)
            shard(for: id).withLock { $0.changed.remove(id) }
        } else {
            restore([record], now: now)
            shard(for: id).withLock { $0.peek(id) }?.session.sharedDigest.store(digest, ordering: .releasing)
        }
    }

    /// Saves the changes of these sessions now (those that have any). A failed save is left for
    /// the periodic one and reported through the error.
    func publishChanges(of ids: [String]) throws {
        guard let shared else { return }
        for id in Set(ids) where Self.isWellFormed(id) {
            let pending = shard(for: id).withLock { pools -> (Session, SessionRecord)? in
                guard pools.changed.contains(id), let entry = pools.peek(id) else { return nil }
                pools.changed.remove(id)
                var record = entry.session.record.withLock { $0 }
                record.lastSeen = entry.lastSeen
                return (entry.session, record)
            }
            guard let (session, record) = pending else { continue }
            do {
                if let bytes = try shared.publish(record) {
                    session.sharedDigest.store(RedisSessionJournal.digest(bytes), ordering: .releasing)
                }
            } catch {
                markChanged(session)
                throw error
            }
        }
    }
}

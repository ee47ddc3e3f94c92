import Models
import Services
import Synchronization

/// Live sessions by id, split into shards so concurrent requests rarely share a lock, each shard
/// evicting its least recently used session when full: clients that never send the cookie back
/// cannot grow memory without bound. Idle sessions expire on their next look-up or sweep.
final class SessionStore: Sendable {
    struct Configuration: Sendable {
        var maxSessions: Int
        /// Seconds without a request after which a session is gone.
        var idleTimeout: Int64
        var shards: Int

        init(maxSessions: Int = 100_000, idleTimeout: Int64 = 14 * 24 * 3600, shards: Int = 16) {
            self.maxSessions = max(1, maxSessions)
            self.idleTimeout = max(1, idleTimeout)
            self.shards = max(1, min(shards, self.maxSessions))
        }
    }

    struct Entry: Sendable {
        let session: Session
        var lastSeen: Int64
    }

    /// One lock's worth of sessions.
    final class Shard: Sendable {
        let list: Mutex<LRUList<Entry>>

        init(capacity: Int) {
            list = Mutex(LRUList(capacity: capacity))
        }

        func withLock<Result: Sendable>(_ body: (inout LRUList<Entry>) -> Result) -> Result {
            list.withLock { body(&$0) }
        }
    }

    let configuration: Configuration
    private let shards: [Shard]
    /// Set when anything worth saving changed since the last save.
    private let dirty = Atomic<Bool>(false)

    init(configuration: Configuration) {
        self.configuration = configuration
        let perShard = max(1, configuration.maxSessions / configuration.shards)
        shards = (0..<configuration.shards).map { _ in Shard(capacity: perShard) }
    }

    /// A new visitor session, not yet stored (see `insert`): requests that end in a 404 never keep one.
    func makeSession(now: Int64) -> Session {
        Session(record: SessionRecord(
            id: SecureRandom.token(), userID: nil, settings: Settings(), csrfToken: SecureRandom.token(),
            lastSeen: now, navigation: nil))
    }

    /// The live session with this id, marked as used now; nil when unknown or expired.
    func session(id: String, now: Int64) -> Session? {
        guard Self.isWellFormed(id) else { return nil }
        let timeout = configuration.idleTimeout
        return shard(for: id).withLock { list -> Session? in
            guard let entry = list.peek(id) else { return nil }
            guard now - entry.lastSeen <= timeout else {
                list.remove(id)
                dirty.store(true, ordering: .relaxed)
                return nil
            }
            if now - entry.lastSeen >= 60 { dirty.store(true, ordering: .relaxed) }
            return list.touch(id) { $0.lastSeen = now }?.session
        }
    }

    func insert(_ session: Session, now: Int64) {
        let id = session.id
        shard(for: id).withLock { list in
            _ = list.insert(Entry(session: session, lastSeen: now), for: id)
        }
        markDirty()
    }

    func remove(id: String) {
        shard(for: id).withLock { _ = $0.remove(id) }
        markDirty()
    }

    /// Gives `session` a fresh id (and CSRF token), so an id seen before sign-in is worthless after.
    func rotate(_ session: Session, now: Int64, change: (inout SessionRecord) -> Void) {
        let old = session.id
        shard(for: old).withLock { _ = $0.remove(old) }
        session.record.withLock { record in
            record.id = SecureRandom.token()
            record.csrfToken = SecureRandom.token()
            change(&record)
        }
        insert(session, now: now)
    }

    /// Every stored session (for pruning, saving, ending a user's other sessions).
    func allSessions() -> [Session] {
        shards.flatMap { shard in shard.withLock { $0.entries.map(\.value.session) } }
    }

    var count: Int { shards.reduce(0) { $0 + $1.withLock { $0.count } } }

    /// Ends every session of `user` except `keeping`.
    func removeSessions(of user: UserID, keeping: Session) {
        for session in allSessions() where session !== keeping && session.record.withLock({ $0.userID }) == user {
            remove(id: session.id)
        }
    }

    /// The records of the sessions still live at `now`, with their last-use times; expired ones are dropped.
    func liveRecords(now: Int64) -> [SessionRecord] {
        let timeout = configuration.idleTimeout
        var records: [SessionRecord] = []
        for shard in shards {
            let entries = shard.withLock { list -> [Entry] in
                let all = list.entries.map(\.value)
                for entry in all where now - entry.lastSeen > timeout { list.remove(entry.session.id) }
                return all.filter { now - $0.lastSeen <= timeout }
            }
            for entry in entries {
                var record = entry.session.record.withLock { $0 }
                record.lastSeen = entry.lastSeen
                records.append(record)
            }
        }
        return records
    }

    /// Puts saved sessions back, oldest use first so the LRU order survives; expired ones are skipped.
    func restore(_ records: [SessionRecord], now: Int64) {
        for record in records.sorted(by: { $0.lastSeen < $1.lastSeen })
        where now - record.lastSeen <= configuration.idleTimeout && Self.isWellFormed(record.id) {
            let session = Session(record: record)
            shard(for: record.id).withLock { _ = $0.insert(Entry(session: session, lastSeen: record.lastSeen), for: record.id) }
        }
    }

    func markDirty() {
        dirty.store(true, ordering: .relaxed)
    }

    /// Whether something changed since the last call.
    func takeDirty() -> Bool {
        dirty.exchange(false, ordering: .acquiringAndReleasing)
    }

    private func shard(for id: String) -> Shard {
        shards[Int(UInt(bitPattern: id.hashValue) % UInt(shards.count))]
    }

    /// Session ids are 22 base64url characters; anything else is not worth a look-up.
    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 22 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}

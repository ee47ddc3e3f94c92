import Models
import Services
import Synchronization

/// Live sessions by id, split into shards so concurrent requests rarely share a lock.
///
/// Signed-in sessions and visitors' sessions live in separate pools, each evicting its least
/// recently used session when full: visitors, however many, can never push out a signed-in user.
/// Idle sessions expire on their next look-up or save. Changes that touch authentication (sign-in,
/// sign-out, revocation) are written to the journal before the call returns; navigation is saved
/// by `saveChanges`, which writes only the sessions that changed.
public final class SessionStore: Sendable {
    public struct Configuration: Sendable {
        public var maxSignedIn: Int
        public var maxVisitors: Int
        /// Seconds without a request after which a session is gone.
        public var idleTimeout: Int64
        public var shards: Int
        /// Requests of one session that may wait behind the one being served (`SessionQueue`).
        public var queueLimit: Int = 16
        /// Seconds without a request after which a visitor's session is gone (at most `idleTimeout`).
        public var visitorIdleTimeout: Int64 {
            get { min(visitorTimeout, idleTimeout) }
            set { visitorTimeout = max(1, newValue) }
        }
        private var visitorTimeout: Int64 = 24 * 3600

        /// How long a session lives without a request.
        public func timeout(signedIn: Bool) -> Int64 { signedIn ? idleTimeout : visitorIdleTimeout }

        public init(maxSignedIn: Int = 100_000, maxVisitors: Int = 50_000, idleTimeout: Int64 = 30 * 24 * 3600, shards: Int = 16) {
            self.maxSignedIn = max(1, maxSignedIn)
            self.maxVisitors = max(1, maxVisitors)
            self.idleTimeout = max(1, idleTimeout)
            self.shards = max(1, min(shards, self.maxVisitors, self.maxSignedIn))
        }
    }

    struct Entry: Sendable {
        let session: Session
        var lastSeen: Int64
    }

    /// One lock's worth of sessions, and what changed in them since the last save.
    struct Pools: Sendable {
        var signedIn: LRUList<Entry>
        var visitors: LRUList<Entry>
        /// Ids whose record changed since the last save.
        var changed: Set<String> = []
        /// Ids gone (expired, evicted) since the last save.
        var removed: Set<String> = []

        func peek(_ id: String) -> Entry? {
            signedIn.peek(id) ?? visitors.peek(id)
        }

        mutating func remove(_ id: String) {
            if signedIn.remove(id) == nil { visitors.remove(id) }
            changed.remove(id)
            removed.insert(id)
        }

        mutating func insert(_ entry: Entry, for id: String, signedIn isSignedIn: Bool) {
            let evicted = isSignedIn
                ? signedIn.insert(entry, for: id) : visitors.insert(entry, for: id)
            if let evicted {
                changed.remove(evicted.key)
                removed.insert(evicted.key)
            }
            removed.remove(id)
            changed.insert(id)
        }

        mutating func touch(_ id: String, now: Int64) -> Session? {
            if let entry = signedIn.touch(id, update: { $0.lastSeen = now }) { return entry.session }
            return visitors.touch(id) { $0.lastSeen = now }?.session
        }

        /// Moves the last use forward to `lastSeen` (never back), without touching the LRU order.
        mutating func extend(_ id: String, lastSeen: Int64) {
            let update = { (entry: inout Entry) in entry.lastSeen = max(entry.lastSeen, lastSeen) }
            if signedIn.update(id, update) == nil { _ = visitors.update(id, update) }
        }

        var all: [Entry] { signedIn.entries.map(\.value) + visitors.entries.map(\.value) }
    }

    /// One lock's worth of sessions.
    final class Shard: Sendable {
        private let pools: Mutex<Pools>

        init(_ pools: Pools) {
            self.pools = Mutex(pools)
        }

        func withLock<Result>(_ body: (inout Pools) throws -> Result) rethrows -> Result {
            try pools.withLock { try body(&$0) }
        }
    }

    public let configuration: Configuration
    let shards: [Shard]
    /// Where authentication changes are made durable; nil keeps sessions in memory only.
    public let journal: (any SessionPersistence)?
    /// Held while a save takes its copies and queues them in the journal (memory only, never across
    /// the disk), so the journal keeps a session's copies in the order they were taken: a periodic
    /// save's older copy never lands after a newer one that `saveNow` made durable.
    let queuing = Mutex<Void>(())

    public init(configuration: Configuration, journal: (any SessionPersistence)? = nil) {
        self.configuration = configuration
        self.journal = journal
        let signedIn = max(1, configuration.maxSignedIn / configuration.shards)
        let visitors = max(1, configuration.maxVisitors / configuration.shards)
        shards = (0..<configuration.shards).map { _ in
            Shard(Pools(signedIn: LRUList(capacity: signedIn), visitors: LRUList(capacity: visitors)))
        }
    }

    /// A new visitor session, not yet stored (see `insert`): requests that end in a 404 never keep one.
    public func makeSession(now: Int64) -> Session {
        Session(record: SessionRecord(
            id: SecureRandom.token(), userID: nil, settings: Settings(), csrfToken: SecureRandom.token(),
            lastSeen: now, knownUsername: nil, cookieIssued: nil, navigation: nil), queueLimit: configuration.queueLimit)
    }

    /// The live session with this id, marked as used now; nil when unknown or expired.
    public func session(id: String, now: Int64) -> Session? {
        guard Self.isWellFormed(id) else { return nil }
        return shard(for: id).withLock { pools -> Session? in
            let signedIn = pools.signedIn.peek(id)
            guard let entry = signedIn ?? pools.visitors.peek(id) else { return nil }
            guard now - entry.lastSeen <= configuration.timeout(signedIn: signedIn != nil) else {
                pools.remove(id)
                return nil
            }
            // The last use is saved at most once a minute per session.
            if now - entry.lastSeen >= 60 { pools.changed.insert(id) }
            return pools.touch(id, now: now)
        }
    }

    /// Stores a session in its pool (signed-in or visitor), evicting that pool's least recently used.
    public func insert(_ session: Session, now: Int64) {
        let (id, isSignedIn) = session.record.withLock { ($0.id, $0.userID != nil) }
        shard(for: id).withLock { $0.insert(Entry(session: session, lastSeen: now), for: id, signedIn: isSignedIn) }
    }

    /// The session's navigation or last use changed: saved by the next `saveChanges`.
    public func markChanged(_ session: Session) {
        let id = session.id
        shard(for: id).withLock { pools in
            if pools.peek(id) != nil { pools.changed.insert(id) }
        }
    }

    /// Gives `session` a fresh id (and CSRF token), so an id seen before sign-in is worthless after,
    /// and writes the change to the journal before returning: a sign-in or sign-out survives a crash.
    /// The old id leaves memory and is ended in the journal under `queuing`, so a periodic save that
    /// copied the session before cannot write the signed-in copy back after the sign-out.
    public func rotate(_ session: Session, now: Int64, change: (inout SessionRecord) -> Void) throws {
        let pending = try queuing.withLock { _ throws -> (() throws -> Void)? in
            let (record, old) = rotateInMemory(session, now: now, change: change)
            return try journal?.queueWrite(records: [record], ending: [old])
        }
        try pending?()
    }

    /// `rotate` without the write, for a caller that writes on an event loop (shared sessions:
    /// Redis orders the writes by the session's new id, and nothing is queued): the new record
    /// and the old id, to write before answering.
    func rotateWithoutWriting(
        _ session: Session, now: Int64, change: (inout SessionRecord) -> Void
    ) -> (record: SessionRecord, old: SessionReference) {
        queuing.withLock { _ in rotateInMemory(session, now: now, change: change) }
    }

    /// The new id in memory; call under `queuing`.
    private func rotateInMemory(
        _ session: Session, now: Int64, change: (inout SessionRecord) -> Void
    ) -> (record: SessionRecord, old: SessionReference) {
        let old = session.record.withLock { $0.reference }
        shard(for: old.id).withLock { $0.remove(old.id) }
        let record = session.record.withLock { record -> SessionRecord in
            record.id = SecureRandom.token()
            record.csrfToken = SecureRandom.token()
            change(&record)
            record.lastSeen = now
            // A new id is a new stored session: its first version.
            record.version = 1
            return record
        }
        insert(session, now: now)
        return (record, old)
    }

    /// Every stored session (for pruning, saving, ending a user's other sessions).
    public func allSessions() -> [Session] {
        shards.flatMap { shard in shard.withLock { $0.all.map(\.session) } }
    }

    public var count: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.signedIn.count + $0.visitors.count } } }

    public var signedInCount: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.signedIn.count } } }

    /// Ends every session of `user` except `keeping`, durably: those held here at once, and with
    /// shared sessions those only other instances hold too (they refuse them at their next request).
    public func removeSessions(of user: UserID, keeping: Session) throws {
        let pending = try queuing.withLock { _ throws -> (() throws -> Void)? in
            let ended = removeInMemory(of: user, keeping: keeping)
            return try journal?.queueEndSessions(of: user, keeping: keeping.id, known: ended)
        }
        try pending?()
    }

    /// `removeSessions` without the write, for a caller that ends them on an event loop (shared
    /// sessions): those held here leave memory; what they were, to end in the shared store.
    func removeWithoutWriting(of user: UserID, keeping: Session) -> [SessionReference] {
        queuing.withLock { _ in removeInMemory(of: user, keeping: keeping) }
    }

    /// The user's other sessions out of memory; call under `queuing`.
    private func removeInMemory(of user: UserID, keeping: Session) -> [SessionReference] {
        var ended: [SessionReference] = []
        for session in allSessions() where session !== keeping && session.record.withLock({ $0.userID }) == user {
            let reference = session.record.withLock { $0.reference }
            shard(for: reference.id).withLock { $0.remove(reference.id) }
            ended.append(reference)
        }
        return ended
    }

    /// Records the versions a save stored, and drops the copies it found stale, unless the session
    /// moved on meanwhile (adopted a newer save, or was rotated).
    func settle(_ records: [SessionRecord], _ outcome: SessionSaveOutcome) {
        for record in records {
            shard(for: record.id).withLock { pools in
                guard let entry = pools.peek(record.id) else { return }
                let current = entry.session.record.withLock { ($0.id, $0.version) }
                guard current == (record.id, record.version) else { return }
                if let version = outcome.saved[record.id] {
                    entry.session.record.withLock { $0.version = version }
                } else if outcome.stale.contains(record.id) {
                    forget(record.id, in: &pools)
                }
            }
        }
    }

    /// Takes a session out of memory without ending it: it lives on in the shared store.
    func forget(_ id: String, in pools: inout Pools) {
        pools.remove(id)
        pools.removed.remove(id)
    }

    /// Puts saved sessions back, oldest use first so the LRU order survives; expired ones are skipped.
    public func restore(_ records: [SessionRecord], now: Int64) {
        for record in records.sorted(by: { $0.lastSeen < $1.lastSeen })
        where now - record.lastSeen <= configuration.timeout(signedIn: record.userID != nil) && Self.isWellFormed(record.id) {
            let session = Session(record: record, queueLimit: configuration.queueLimit)
            shard(for: record.id).withLock { pools in
                pools.insert(Entry(session: session, lastSeen: record.lastSeen), for: record.id, signedIn: record.userID != nil)
                pools.changed.remove(record.id)
            }
        }
    }

    /// Replaces the copy held here by the record saved elsewhere; what this copy changed since its
    /// own last save is dropped, as a save of it would have been refused.
    /// The session takes the record in its own turn (after the request it may be serving).
    func adopt(_ record: SessionRecord) {
        guard let session = shard(for: record.id).withLock({ $0.peek(record.id)?.session }) else { return }
        session.adopt(record)
        shard(for: record.id).withLock { pools in
            guard pools.peek(record.id)?.session === session else { return }
            pools.changed.remove(record.id)
            // Used elsewhere meanwhile: it must not expire here as if it had been idle.
            pools.extend(record.id, lastSeen: record.lastSeen)
        }
    }

    func shard(for id: String) -> Shard {
        shards[Int(UInt(bitPattern: id.hashValue) % UInt(shards.count))]
    }

    /// Session ids are 22 base64url characters; anything else is not worth a look-up.
    public static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 22 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}

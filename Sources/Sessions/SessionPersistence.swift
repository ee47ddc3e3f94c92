import Models

/// Where sessions are kept beyond memory: the embedded `SessionJournal`, or `RedisSessionJournal`
/// when instances share them.
public protocol SessionPersistence: Sendable {
    /// Every saved session, for start-up.
    func load() -> (records: [SessionRecord], unreadable: Int)
    /// Authentication changes (sign-in, sign-out): stores `records` as they are and deletes
    /// `ended`; durable when this returns.
    func write(records: [SessionRecord], ending ended: [SessionReference]) throws
    /// Ends every session of `user` but the one with id `keeping`: those in `known` (held here)
    /// and, with shared sessions, those only other instances hold. Durable when this returns.
    func endSessions(of user: UserID, keeping: String, known: [SessionReference]) throws
    /// The periodic save of navigation and last use, forgetting sessions that left memory (expired
    /// or evicted). Must never overwrite a newer save made elsewhere, nor bring back a session that
    /// was ended elsewhere: such records come back as stale.
    func save(records: [SessionRecord], forgetting: [String]) throws -> SessionSaveOutcome
    /// `save` in two steps, for a store that keeps its writes in the order they were queued:
    /// queues the write at once (memory only, so a caller may hold a lock around taking its copies
    /// and queuing them), and the call it returns waits until the write is durable.
    func queueSave(records: [SessionRecord], forgetting: [String]) throws -> PendingSessionSave
    /// `write` in two steps, as `queueSave`: a sign-in or sign-out takes its place among the saves
    /// at once, so a periodic save's copy taken before it can never land after it.
    func queueWrite(records: [SessionRecord], ending ended: [SessionReference]) throws -> () throws -> Void
    /// `endSessions` in two steps, for the same reason.
    func queueEndSessions(of user: UserID, keeping: String, known: [SessionReference]) throws -> () throws -> Void
}

/// A queued save: returns its outcome once it is durable (or throws why it is not).
public typealias PendingSessionSave = () throws -> SessionSaveOutcome

extension SessionPersistence {
    /// Queues nothing: the whole save runs in the wait. Right for a store that orders saves by
    /// versions rather than by queue order (Redis: a stale copy is refused).
    public func queueSave(records: [SessionRecord], forgetting: [String]) throws -> PendingSessionSave {
        { try save(records: records, forgetting: forgetting) }
    }

    public func queueWrite(records: [SessionRecord], ending ended: [SessionReference]) throws -> () throws -> Void {
        { try write(records: records, ending: ended) }
    }

    public func queueEndSessions(of user: UserID, keeping: String, known: [SessionReference]) throws -> () throws -> Void {
        { try endSessions(of: user, keeping: keeping, known: known) }
    }
}

extension SessionJournal: SessionPersistence {
    public func write(records: [SessionRecord], ending ended: [SessionReference]) throws {
        try write(records: records, removing: ended.map(\.id))
    }

    public func endSessions(of user: UserID, keeping: String, known: [SessionReference]) throws {
        try queueEndSessions(of: user, keeping: keeping, known: known)()
    }

    public func queueWrite(records: [SessionRecord], ending ended: [SessionReference]) throws -> () throws -> Void {
        try queue(records: records, removing: ended.map(\.id))
    }

    public func queueEndSessions(of user: UserID, keeping: String, known: [SessionReference]) throws -> () throws -> Void {
        try queue(records: [], removing: known.filter { $0.id != keeping }.map(\.id))
    }

    /// One instance owns the journal, so nothing can have been saved or ended elsewhere.
    public func save(records: [SessionRecord], forgetting: [String]) throws -> SessionSaveOutcome {
        try queueSave(records: records, forgetting: forgetting)()
    }

    /// The record takes its place in the journal now; the returned call waits for the disk.
    public func queueSave(records: [SessionRecord], forgetting: [String]) throws -> PendingSessionSave {
        let durable = try queue(records: records, removing: forgetting)
        return {
            try durable()
            return SessionSaveOutcome(saved: Dictionary(records.map { ($0.id, $0.version) }, uniquingKeysWith: { $1 }))
        }
    }
}

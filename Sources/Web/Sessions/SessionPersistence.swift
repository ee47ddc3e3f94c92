/// Where sessions are kept beyond memory: the embedded `SessionJournal`, or `RedisSessionJournal`
/// when instances share them.
protocol SessionPersistence: Sendable {
    /// Every saved session, for start-up.
    func load() -> (records: [SessionRecord], unreadable: Int)
    /// Authentication changes (sign-in, sign-out, revocation): durable when this returns.
    func write(records: [SessionRecord], removing: [String]) throws
    /// The periodic save of navigation and last use: must never bring back a signed-in session
    /// that another instance ended meanwhile.
    func save(records: [SessionRecord], removing: [String]) throws
}

extension SessionJournal: SessionPersistence {
    /// One instance owns the journal, so nothing can have been ended elsewhere.
    func save(records: [SessionRecord], removing: [String]) throws {
        try write(records: records, removing: removing)
    }
}

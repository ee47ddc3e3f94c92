/// With sessions shared through Redis, a session's changes are saved before the request's answer
/// goes out, not only by the periodic save: the browser's next request may land on any instance,
/// and must find there the tabs and stacks it left (and a visitor's new session at all, or the
/// sign-in form it was just given would be refused there for its CSRF token). The save is the same
/// compare-and-set as the periodic one: a copy another instance saved over is not written and is
/// dropped here, and its next request loads the saved one. Runs on a worker, never an event loop.
extension SessionStore {
    /// Saves the pending changes of these sessions now (those that have any). A failed save leaves
    /// them for the periodic one and is reported through the error.
    func publishChanges(of ids: [String]) throws {
        guard let journal, journal is RedisSessionJournal else { return }
        var records: [SessionRecord] = []
        for id in Set(ids) where Self.isWellFormed(id) {
            shard(for: id).withLock { pools in
                guard pools.changed.contains(id), let entry = pools.peek(id) else { return }
                pools.changed.remove(id)
                var record = entry.session.record.withLock { $0 }
                record.lastSeen = entry.lastSeen
                records.append(record)
            }
        }
        guard !records.isEmpty else { return }
        let outcome: SessionSaveOutcome
        do {
            outcome = try journal.save(records: records, forgetting: [])
        } catch {
            for record in records {
                shard(for: record.id).withLock { pools in
                    if pools.peek(record.id) != nil { pools.changed.insert(record.id) }
                }
            }
            throw error
        }
        settle(records, outcome)
    }
}

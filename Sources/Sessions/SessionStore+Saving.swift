import Networking

extension SessionStore {
    /// Writes the sessions that changed since the last save and forgets the ones that are gone;
    /// the work is bounded by what changed, not by how many sessions there are. Returns the records
    /// it wrote. A copy another instance's save made stale is not written: it leaves memory, so the
    /// session's next request here loads the saved one (the first save wins; see `settle`).
    @discardableResult
    public func saveChanges(now: Int64) throws -> [SessionRecord] {
        guard let journal else { return [] }
        let (records, taken, pending) = try queuing.withLock { _ throws -> ([SessionRecord], [Taken], PendingSessionSave?) in
            let (records, removed, taken) = takeChanges(now: now)
            guard !records.isEmpty || !removed.isEmpty else { return ([], [], nil) }
            do {
                return (records, taken, try journal.queueSave(records: records, forgetting: removed))
            } catch {
                putBack(taken)
                throw error
            }
        }
        guard let pending else { return [] }
        let outcome: SessionSaveOutcome
        do {
            outcome = try pending()
        } catch {
            // Nothing is lost: the next save tries the same changes again.
            putBack(taken)
            throw error
        }
        settle(records, outcome)
        return records.filter { outcome.saved[$0.id] != nil }
    }

    /// Writes `session` as it is now and returns once that is durable: for an answer that must
    /// survive a crash together with what it acknowledges (a form's receipt, whose change to the
    /// data is durable already: a resend after a crash must find the receipt and change nothing).
    /// Blocks for the disk, so never on an event loop; holds no lock meanwhile. Does nothing for a
    /// session no longer held (evicted or ended meanwhile).
    public func saveNow(_ session: Session) throws {
        guard let journal else { return }
        EventLoopThread.preconditionNotOnLoop("a session's durable save")
        let id = session.id
        let queued = try queuing.withLock { _ throws -> (SessionRecord, PendingSessionSave)? in
            let record = shard(for: id).withLock { pools -> SessionRecord? in
                guard let entry = pools.peek(id) else { return nil }
                pools.changed.remove(id)
                var record = entry.session.record.withLock { $0 }
                record.lastSeen = entry.lastSeen
                return record
            }
            guard let record else { return nil }
            do {
                return (record, try journal.queueSave(records: [record], forgetting: []))
            } catch {
                markChanged(session)
                throw error
            }
        }
        guard let (record, pending) = queued else { return }
        do {
            settle([record], try pending())
        } catch {
            // The periodic save tries again.
            markChanged(session)
            throw error
        }
    }

    typealias Taken = (shard: Shard, changed: Set<String>, removed: Set<String>)

    /// Copies of the sessions that changed and the ids of those that are gone, taken out of each
    /// shard's lists (expired sessions leave first).
    func takeChanges(now: Int64) -> (records: [SessionRecord], removed: [String], taken: [Taken]) {
        let configuration = configuration
        var records: [SessionRecord] = []
        var removed: [String] = []
        var taken: [Taken] = []
        for shard in shards {
            shard.withLock { pools in
                for entry in pools.signedIn.entries.map(\.value) where now - entry.lastSeen > configuration.idleTimeout {
                    pools.remove(entry.session.id)
                }
                for entry in pools.visitors.entries.map(\.value) where now - entry.lastSeen > configuration.visitorIdleTimeout {
                    pools.remove(entry.session.id)
                }
                let changed = pools.changed
                let gone = pools.removed
                pools.changed = []
                pools.removed = []
                for id in changed {
                    guard let entry = pools.peek(id) else { continue }
                    var record = entry.session.record.withLock { $0 }
                    record.lastSeen = entry.lastSeen
                    records.append(record)
                }
                removed += gone
                taken.append((shard, changed, gone))
            }
        }
        return (records, removed, taken)
    }

    /// A save that failed leaves its changes for the next one.
    func putBack(_ taken: [Taken]) {
        for (shard, changed, gone) in taken {
            shard.withLock { pools in
                pools.changed.formUnion(changed.filter { pools.peek($0) != nil })
                pools.removed.formUnion(gone)
            }
        }
    }
}

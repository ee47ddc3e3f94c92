extension JournalStore {
    /// `apply` for a caller that must not wait (an event loop, a parked request): the record is
    /// queued at once, so its place in the journal (the order of writes) is fixed on return, and
    /// the journal lane writes it with everything queued meanwhile, blocking callers' records
    /// included: one `pwrite` and one `fsync` for the group. `completion` runs on the lane (or on
    /// a blocking writer whose group commit carried the record, as soon as it is done) once
    /// the record is durable and visible to readers (nil) or was refused (the error); only then
    /// may its caller answer. Throws at once, queuing nothing, for a record over the size limit,
    /// a store that refuses writes, or a lane already holding `laneQueueLimit` records.
    public func apply(_ mutations: [StoreMutation], completion: @escaping @Sendable (StorageError?) -> Void) throws(StorageError) {
        guard !mutations.isEmpty else { return completion(nil) }
        let record = FileFormat.record(mutations)
        guard record.count - FileFormat.recordHeaderSize <= configuration.maximumRecordSize else {
            throw StorageError.recordTooLarge(bytes: record.count, limit: configuration.maximumRecordSize)
        }
        let limit = configuration.laneQueueLimit
        let schedule = try state.withLock { state throws(StorageError) -> Bool in
            guard state.laneWaiting < limit else { throw .laneFull(limit: limit) }
            _ = try state.enqueue(record, mutations, completion: completion)
            state.laneWaiting += 1
            defer { state.laneScheduled = true }
            return !state.laneScheduled
        }
        if schedule { lane.async { self.drainLane() } }
    }

    /// On the lane: commits the queue as one group, tells its lane records, then snapshots if the
    /// journal crossed the threshold (after the answers, so none waits for the snapshot).
    func drainLane() {
        // Cleared before the queue is taken: a record queued from now on schedules another drain.
        state.withLock { $0.laneScheduled = false }
        var settled: [Settled]
        do {
            settled = try commitLock.withLock(timeout: configuration.commitWait) { () throws -> [Settled] in
                let carried = try writeQueue()
                if !carried.isEmpty, !state.withLock({ $0.hasHeldData }) { try markHeldData() }
                return carried
            }
        } catch StorageError.commitTimedOut {
            // Another writer's group commit is slow: the records stay queued (readers may see them
            // already) and the lane tries again; a writer behind it may carry them first.
            let schedule = state.withLock { state -> Bool in
                defer { state.laneScheduled = true }
                return !state.laneScheduled
            }
            if schedule { lane.async { self.drainLane() } }
            return
        } catch {
            // The store refuses writes (failed or closed): every lane record still queued is told.
            settled = state.withLock { state in
                let refused = state.queue.filter { $0.completion != nil }
                state.queue.removeAll { $0.completion != nil }
                state.laneWaiting -= refused.count
                return refused.compactMap { queued in
                    queued.completion.map { Settled(completion: $0, error: Self.storageError(error)) }
                }
            }
        }
        for outcome in settled { outcome.completion(outcome.error) }
        snapshotWhenDue()
    }

    /// Folds the journal into a snapshot if it crossed the threshold (of several writers crossing
    /// it together, one does). A failed snapshot marks the store failed; the next write reports it.
    public func snapshotWhenDue() {
        if journalSize >= configuration.snapshotThreshold {
            try? snapshot(ifJournalReaches: configuration.snapshotThreshold)
        }
    }

    /// Compares with the latest value of the key, a record still queued or being written included
    /// (the contents show it only once durable), then writes: a writer comparing right after a
    /// lane write it ordered before its own (the caller's lock around both) sees that write.
    public func replace(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) throws -> Replacement {
        let current = latest(collection, key: key)
        guard current == expected else { return .differs(current: current) }
        try put(collection, key: key, value: value)
        return .replaced
    }

    /// The key's value once every queued record is written.
    public func latest(_ collection: String, key: String) -> [UInt8]? {
        state.withLock { state in
            for queued in (state.writing + state.queue).reversed() {
                for mutation in queued.mutations.reversed() where mutation.collection == collection && mutation.key == key {
                    switch mutation {
                    case .put(_, _, let value): return value
                    case .delete: return nil
                    }
                }
            }
            return state.contents.get(collection, key: key)
        }
    }

    private static func storageError(_ error: any Error) -> StorageError {
        error as? StorageError ?? .storeFailed("\(error)")
    }
}

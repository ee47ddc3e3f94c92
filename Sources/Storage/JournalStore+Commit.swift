extension JournalStore {
    /// Queues the record and returns once it is durable. The first writer to take the commit lock
    /// writes the whole queue; writers queued behind it find their record settled and return.
    func commit(_ record: [UInt8], _ mutations: [StoreMutation]) throws {
        try awaitDurable(try queue(record, mutations))
    }

    /// A record queued by `queue(_:)`, for `awaitDurable`.
    public struct QueuedWrite: Sendable {
        let sequence: UInt64
    }

    /// Queues the write without waiting: its place in the journal (the order of writes) is fixed
    /// on return, so a caller may decide it under its own lock, release the lock, and only then
    /// `awaitDurable` it, sharing the fsync with every writer that queued meanwhile.
    public func queue(_ mutations: [StoreMutation]) throws -> QueuedWrite {
        let record = FileFormat.record(mutations)
        guard record.count - FileFormat.recordHeaderSize <= configuration.maximumRecordSize else {
            throw StorageError.recordTooLarge(bytes: record.count, limit: configuration.maximumRecordSize)
        }
        return try queue(record, mutations)
    }

    func queue(_ record: [UInt8], _ mutations: [StoreMutation]) throws -> QueuedWrite {
        let (sequence, queued) = try state.withLock { state throws in
            (try state.enqueue(record, mutations), state.queue.count)
        }
        configuration.queueObserver?(queued)
        return QueuedWrite(sequence: sequence)
    }

    /// Returns once the queued write is durable (or throws why it was not): writes the queue as
    /// one group if no other writer is doing so, else waits for the one that is. Snapshots
    /// afterwards when the journal crossed the threshold, as `apply` does.
    public func awaitDurable(_ write: QueuedWrite) throws {
        let sequence = write.sequence
        do {
            // Lane records this writer's group commit carried: told once the commit lock is released.
            var carried: [Settled] = []
            defer { for settled in carried { settled.completion(settled.error) } }
            try commitLock.withLock(timeout: configuration.commitWait) {
                if try state.withLock({ try $0.isSettled(sequence) }) { return }
                carried = try writeQueue()
                _ = try state.withLock { try $0.isSettled(sequence) }
                // After the first durable record, so a record torn at the very first write leaves a
                // folder that is still seeded; a crash before the marker is made up for at the next open.
                if !state.withLock({ $0.hasHeldData }) { try markHeldData() }
            }
        }
    }

    /// Writes and syncs every queued record; call with the commit lock held. Returns what to tell
    /// the lane's records of the group, to run once the commit lock is released.
    func writeQueue() throws -> [Settled] {
        let (journal, offset, batch) = try state.withLock { try $0.takeQueue() }
        guard !batch.isEmpty else { return [] }
        let started = ContinuousClock.now
        defer {
            if let observer = configuration.commitObserver {
                let elapsed = (ContinuousClock.now - started).components
                observer(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(batch.reduce(0) { $0 + $1.record.count })
        for queued in batch { bytes += queued.record }

        do {
            try journal.write(bytes, at: offset)
        } catch {
            // Cut the partial write so later records are not stranded behind garbage; if even
            // that fails, the journal's tail is unknown and the store stops accepting writes.
            var failure: String?
            do { try journal.truncate(to: offset) } catch { failure = "could not remove a partial write: \(error)" }
            return state.withLock { state in
                if let failure { state.failure = failure }
                return state.reject(batch, because: error)
            }
        }
        do {
            try journal.sync()
        } catch {
            // After a failed fsync the kernel may have dropped the dirty pages: nothing written
            // since the last good sync can be trusted until a restart recovers from the file.
            return state.withLock { state in
                state.failure = "fsync failed: \(error)"
                return state.reject(batch, because: error)
            }
        }
        return state.withLock { $0.markDurable(batch, bytes: bytes.count) }
    }
}

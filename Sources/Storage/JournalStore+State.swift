extension JournalStore {
    /// A record waiting for the next group commit.
    struct Queued {
        var sequence: UInt64
        var record: [UInt8]
        var mutations: [StoreMutation]
        /// Set for a record queued through the journal lane: told when it is settled.
        var completion: (@Sendable (StorageError?) -> Void)?
    }

    /// A lane record's completion and its outcome, run once the commit lock is released.
    struct Settled: Sendable {
        let completion: @Sendable (StorageError?) -> Void
        let error: StorageError?
    }

    struct State {
        var contents: StoreContents
        var journal: SystemFile?
        /// The directory lock, held while the store is open.
        var lock: SystemFile?
        var journalSize: Int
        var generation: UInt64
        /// The last sequence number handed to a writer (numbered from 1).
        var lastSequence: UInt64 = 0
        /// Every sequence up to this one is settled: durable and applied, or rejected.
        var settled: UInt64 = 0
        /// Records waiting to be written, in sequence order.
        var queue: [Queued] = []
        /// The group being written and synced: out of the queue, not in the contents yet.
        var writing: [Queued] = []
        /// Why a settled record was not written; each writer collects its own entry.
        var rejected: [UInt64: StorageError] = [:]
        /// Group commits performed (each one pwrite and one fsync).
        var commits = 0
        /// Records queued through the lane and not settled yet (bounded by `laneQueueLimit`).
        var laneWaiting = 0
        /// A drain of the queue is scheduled on the lane and has not started taking it.
        var laneScheduled = false
        /// Set when the disk state became uncertain; writes are refused from then on.
        var failure: String?
        /// The held-data marker exists.
        var hasHeldData = false

        init(contents: StoreContents, journal: SystemFile, journalSize: Int, generation: UInt64) {
            self.contents = contents
            self.journal = journal
            self.journalSize = journalSize
            self.generation = generation
        }

        func writableJournal() throws(StorageError) -> SystemFile {
            if let failure { throw .storeFailed(failure) }
            guard let journal else { throw .closed }
            return journal
        }

        mutating func enqueue(
            _ record: [UInt8], _ mutations: [StoreMutation], completion: (@Sendable (StorageError?) -> Void)? = nil
        ) throws(StorageError) -> UInt64 {
            _ = try writableJournal()
            lastSequence += 1
            queue.append(Queued(sequence: lastSequence, record: record, mutations: mutations, completion: completion))
            return lastSequence
        }

        /// True once `sequence` is durable; throws if it was rejected.
        mutating func isSettled(_ sequence: UInt64) throws(StorageError) -> Bool {
            if let error = rejected.removeValue(forKey: sequence) { throw error }
            return sequence <= settled
        }

        mutating func takeQueue() throws(StorageError) -> (journal: SystemFile, offset: Int, batch: [Queued]) {
            let journal = try writableJournal()
            defer {
                writing = queue
                queue = []
            }
            return (journal, journalSize, queue)
        }

        mutating func markDurable(_ batch: [Queued], bytes: Int) -> [Settled] {
            writing = []
            var settledLane: [Settled] = []
            for queued in batch {
                contents.apply(queued.mutations)
                if let completion = queued.completion { settledLane.append(Settled(completion: completion, error: nil)) }
            }
            laneWaiting -= settledLane.count
            journalSize += bytes
            commits += 1
            settled = batch.last?.sequence ?? settled
            return settledLane
        }

        mutating func reject(_ batch: [Queued], because error: StorageError) -> [Settled] {
            writing = []
            var settledLane: [Settled] = []
            for queued in batch {
                if let completion = queued.completion {
                    settledLane.append(Settled(completion: completion, error: error))
                } else {
                    rejected[queued.sequence] = error
                }
            }
            laneWaiting -= settledLane.count
            settled = batch.last?.sequence ?? settled
            return settledLane
        }

        mutating func closeFiles() {
            journal?.close()
            journal = nil
            lock?.close()
            lock = nil
        }
    }
}

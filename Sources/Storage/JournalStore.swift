import Synchronization

/// The durable store: every write is appended to a journal and fsync'd before it returns; once the
/// journal grows past a threshold its contents fold into a snapshot and a new journal generation
/// starts. The whole state lives in memory, so reads never touch the disk.
///
/// Writers that arrive while another is inside fsync share the next fsync (group commit). A write
/// becomes visible to readers only once it is durable, in journal order.
public final class JournalStore: KeyValueStore {
    public struct Configuration: Sendable {
        /// The directory holding `snapshot` and `journal`; created when missing.
        public var directory: String
        /// Journal size (bytes) after which a write triggers a snapshot.
        public var snapshotThreshold: Int
        /// The largest record accepted; larger lengths read back from disk count as damage.
        public var maximumRecordSize: Int

        public init(directory: String, snapshotThreshold: Int = 8 << 20, maximumRecordSize: Int = 64 << 20) {
            self.directory = directory
            self.snapshotThreshold = snapshotThreshold
            self.maximumRecordSize = maximumRecordSize
        }

        var journalPath: String { directory + "/journal" }
        var snapshotPath: String { directory + "/snapshot" }
        var lockPath: String { directory + "/lock" }
    }

    struct State {
        var contents: StoreContents
        var journal: SystemFile?
        /// The directory lock, held while the store is open.
        var lock: SystemFile?
        var journalSize: Int
        var generation: UInt64
        /// Records appended (not necessarily durable), numbered from 1.
        var appended: UInt64 = 0
        /// Records known durable and applied to `contents`.
        var durable: UInt64 = 0
        /// Appended but not yet durable, in journal order.
        var pending: [(sequence: UInt64, mutations: [StoreMutation])] = []
        var failure: String?
    }

    public let configuration: Configuration
    /// What start-up found: replayed records, and any damaged tail that was cut off.
    public let recovery: RecoveryReport
    let state: Mutex<State>
    /// Held by whoever runs fsync (or a snapshot); its waiters form the next commit group.
    let syncLock = Mutex(())

    /// Opens (or creates) the store, loading the snapshot and replaying the journal.
    public init(configuration: Configuration) throws {
        self.configuration = configuration
        try SystemFile.makeDirectory(configuration.directory)
        let lock = try SystemFile.lock(configuration.lockPath)
        var state: State
        do {
            (state, recovery) = try Self.recover(configuration)
        } catch {
            lock.close()
            throw error
        }
        state.lock = lock
        self.state = Mutex(state)
    }

    public convenience init(directory: String) throws {
        try self.init(configuration: Configuration(directory: directory))
    }

    deinit {
        state.withLock { $0.closeFiles() }
    }

    public func get(_ collection: String, key: String) -> [UInt8]? {
        state.withLock { $0.contents.get(collection, key: key) }
    }

    public func all(_ collection: String) -> [String: [UInt8]] {
        state.withLock { $0.contents.all(collection) }
    }

    public var isEmpty: Bool { state.withLock { $0.contents.isEmpty && $0.pending.isEmpty } }

    /// The journal's current generation (bumped by each snapshot).
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// The journal's current size in bytes, header included.
    public var journalSize: Int { state.withLock { $0.journalSize } }

    public func apply(_ mutations: [StoreMutation]) throws {
        guard !mutations.isEmpty else { return }
        let record = FileFormat.record(MutationCodec.encode(mutations))
        guard record.count - FileFormat.recordHeaderSize <= configuration.maximumRecordSize else {
            throw StorageError.recordTooLarge(bytes: record.count, limit: configuration.maximumRecordSize)
        }
        let sequence = try append(record, mutations)
        try commit(through: sequence)
        if journalSize >= configuration.snapshotThreshold {
            // The write is already durable; a failed snapshot marks the store failed and the next
            // write reports it.
            try? snapshot(ifJournalReaches: configuration.snapshotThreshold)
        }
    }

    /// Releases the file; later writes throw `StorageError.closed`.
    public func close() {
        syncLock.withLock { _ in
            state.withLock { $0.closeFiles() }
        }
    }

    private func append(_ record: [UInt8], _ mutations: [StoreMutation]) throws -> UInt64 {
        try state.withLock { state throws -> UInt64 in
            let journal = try state.writableJournal()
            do {
                try journal.write(record, at: state.journalSize)
            } catch {
                // Cut the partial record so later records are not stranded behind garbage.
                do {
                    try journal.truncate(to: state.journalSize)
                } catch {
                    state.failure = "could not remove a partial record: \(error)"
                }
                throw error
            }
            state.journalSize += record.count
            state.appended += 1
            state.pending.append((state.appended, mutations))
            return state.appended
        }
    }

    /// Returns once record `sequence` is durable, running the fsync itself if nobody has yet.
    private func commit(through sequence: UInt64) throws {
        try syncLock.withLock { _ throws in
            let (journal, target) = try state.withLock { state throws -> (SystemFile?, UInt64) in
                if state.durable >= sequence { return (nil, state.durable) }
                return (try state.writableJournal(), state.appended)
            }
            guard let journal else { return }
            do {
                try journal.sync()
            } catch {
                // After a failed fsync the kernel may have dropped the dirty pages: nothing
                // written since the last good sync can be trusted.
                state.withLock { $0.failure = "fsync failed: \(error)" }
                throw error
            }
            state.withLock { $0.makeDurable(through: target) }
        }
    }
}

extension JournalStore.State {
    func writableJournal() throws(StorageError) -> SystemFile {
        if let failure { throw .storeFailed(failure) }
        guard let journal else { throw .closed }
        return journal
    }

    mutating func closeFiles() {
        journal?.close()
        journal = nil
        lock?.close()
        lock = nil
    }

    mutating func makeDurable(through target: UInt64) {
        let count = pending.prefix { $0.sequence <= target }.count
        for entry in pending.prefix(count) {
            contents.apply(entry.mutations)
        }
        pending.removeFirst(count)
        durable = max(durable, target)
    }
}

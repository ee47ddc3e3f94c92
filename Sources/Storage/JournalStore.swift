import Dispatch
import Synchronization

/// The durable store: every write is appended to a journal and fsync'd before it returns; once the
/// journal grows past a threshold its contents fold into a snapshot and a new journal generation
/// starts. The whole state lives in memory, so reads never touch the disk.
///
/// Writers queue their records; whoever takes the commit lock writes every queued record with one
/// `pwrite` and one `fsync` (group commit). A write becomes visible to readers only once it is
/// durable, in journal order, and the state lock is never held across disk I/O except by a snapshot.
public final class JournalStore: KeyValueStore {
    public struct Configuration: Sendable {
        /// The directory holding `snapshot` and `journal`; created (owner-only) when missing.
        public var directory: String
        /// Journal size (bytes) after which a write triggers a snapshot.
        public var snapshotThreshold: Int
        /// The largest record accepted; larger lengths read back from disk count as damage.
        public var maximumRecordSize: Int
        /// How long a busy lock is retried before the store counts as open elsewhere. A process
        /// starting a child shares its descriptors with it until the child's exec closes them, so
        /// a store just closed here can stay locked for a moment.
        public var lockWait: Duration
        /// Told how long each group commit (write and fsync) took, in seconds: a hook for metrics.
        public var commitObserver: (@Sendable (Double) -> Void)?
        /// Told each time opening finds the lock held and waits for it: a hook for tests.
        public var lockBusyObserver: (@Sendable () -> Void)?
        /// Told how many records wait for the next group commit after each one is queued: a hook
        /// for tests.
        public var queueObserver: (@Sendable (Int) -> Void)?
        /// How many records may wait on the journal lane (`apply(_:completion:)`); beyond it a
        /// write is refused at once (`StorageError.laneFull`) rather than queued without bound.
        public var laneQueueLimit = 4_096
        /// How long a writer waits for the group commit in progress (another writer's pwrite and
        /// fsync, or a snapshot) before giving up with `StorageError.commitTimedOut`.
        public var commitWait: Duration = .seconds(5)

        public init(
            directory: String, snapshotThreshold: Int = 8 << 20, maximumRecordSize: Int = 64 << 20,
            lockWait: Duration = .seconds(2)
        ) {
            self.directory = directory
            self.snapshotThreshold = snapshotThreshold
            self.maximumRecordSize = maximumRecordSize
            self.lockWait = lockWait
        }

        var journalPath: String { directory + "/journal" }
        var snapshotPath: String { directory + "/snapshot" }
        var lockPath: String { directory + "/lock" }
        var markerPath: String { directory + "/held-data" }
    }

    public let configuration: Configuration
    /// What start-up found: replayed records, and any damaged tail that was cut off.
    public let recovery: RecoveryReport
    let state: Mutex<State>
    /// Held by the writer committing the queue (or by a snapshot); its waiters form the next group.
    let commitLock = CommitLock()
    /// The journal lane: one thread that writes and syncs what callers queued without waiting.
    let lane = DispatchQueue(label: "waypoint.journal-lane")

    /// Opens (or creates) the store, loading the snapshot and replaying the journal. A torn tail
    /// is cut and reported in `recovery`; any other damage throws (see `StorageError`) and leaves
    /// the files as they were, for `verify` and `repair`.
    public init(configuration: Configuration) throws {
        self.configuration = configuration
        try SystemFile.makeDirectory(configuration.directory)
        let lock = try SystemFile.lock(
            configuration.lockPath, wait: configuration.lockWait, onBusy: configuration.lockBusyObserver)
        var state: State
        do {
            (state, recovery) = try Self.recover(configuration)
        } catch {
            lock.close()
            throw error
        }
        // Left by a crash mid-write; removed only once the store is known to open.
        SystemFile.remove(configuration.snapshotPath + ".tmp")
        SystemFile.remove(configuration.journalPath + ".tmp")
        state.lock = lock
        state.hasHeldData = SystemFile.exists(configuration.markerPath)
        let needsMarker = !state.hasHeldData && (!state.contents.isEmpty || state.generation > 0 || recovery.recordsReplayed > 0)
        self.state = Mutex(state)
        if needsMarker { try markHeldData() }
        if recovery.upgradedFromVersion != nil {
            // Rewritten in this build's format at once, so the journal is never appended to in two.
            try snapshot()
        }
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

    public var isEmpty: Bool { state.withLock { $0.contents.isEmpty && $0.queue.isEmpty } }

    /// True once anything was ever written here (a marker file that repairs keep): such a store
    /// is never seeded again, even if damage or deletions left it empty.
    public var hasHeldData: Bool { state.withLock { $0.hasHeldData } }

    /// The collections holding at least one entry, sorted: what a copy of the whole store reads.
    public var collectionNames: [String] { state.withLock { $0.contents.collections.keys.sorted() } }

    /// The journal's current generation (bumped by each snapshot).
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Whether writes are accepted: open, and no failed write or fsync has stopped it.
    public var acceptsWrites: Bool { state.withLock { $0.journal != nil && $0.failure == nil } }

    /// The journal's current size in bytes, header included.
    public var journalSize: Int { state.withLock { $0.journalSize } }

    public func apply(_ mutations: [StoreMutation]) throws {
        guard !mutations.isEmpty else { return }
        let record = FileFormat.record(mutations)
        guard record.count - FileFormat.recordHeaderSize <= configuration.maximumRecordSize else {
            throw StorageError.recordTooLarge(bytes: record.count, limit: configuration.maximumRecordSize)
        }
        try commit(record, mutations)
        if journalSize >= configuration.snapshotThreshold {
            // The write is already durable; a failed snapshot marks the store failed and the next
            // write reports it.
            try? snapshot(ifJournalReaches: configuration.snapshotThreshold)
        }
    }

    /// Releases the file; later writes throw `StorageError.closed`.
    public func close() {
        // A disk that hangs keeps its files open: they close when the process ends.
        try? commitLock.withLock(timeout: configuration.commitWait) {
            state.withLock { $0.closeFiles() }
        }
    }
}

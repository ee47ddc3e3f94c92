/// A store's files as read from disk, without opening the store or changing anything: what
/// `verify` reports and what `repair` rebuilds from.
struct StoreInspection {
    enum Snapshot {
        case absent
        case loaded(generation: UInt64, mutations: [StoreMutation])
        /// Present but unusable; `bytes` is nil when it could not even be read.
        case unusable(StorageError, bytes: [UInt8]?)
    }

    enum Journal {
        case absent
        /// `header` is the generation, or why the header is unusable; the records are scanned either way.
        case read(bytes: [UInt8], header: Result<UInt64, StorageError>, scan: JournalScan)
        case unreadable(StorageError)
    }

    var snapshot: Snapshot
    var journal: Journal

    init(_ configuration: JournalStore.Configuration) {
        snapshot = Self.readSnapshot(configuration.snapshotPath)
        journal = Self.readJournal(configuration.journalPath, maximumRecordSize: configuration.maximumRecordSize)
    }

    private static func readSnapshot(_ path: String) -> Snapshot {
        guard SystemFile.exists(path) else { return .absent }
        let bytes: [UInt8]
        do {
            let file = try SystemFile.open(path, readOnly: true)
            defer { file.close() }
            bytes = try file.readAll()
        } catch {
            return .unusable(error, bytes: nil)
        }
        do {
            let snapshot = try FileFormat.readSnapshot(bytes, path: path)
            return .loaded(generation: snapshot.generation, mutations: snapshot.mutations)
        } catch {
            return .unusable(error, bytes: bytes)
        }
    }

    private static func readJournal(_ path: String, maximumRecordSize: Int) -> Journal {
        guard SystemFile.exists(path) else { return .absent }
        let bytes: [UInt8]
        do {
            let file = try SystemFile.open(path, readOnly: true)
            defer { file.close() }
            bytes = try file.readAll()
        } catch {
            return .unreadable(error)
        }
        let header = Result { () throws(StorageError) -> UInt64 in
            try FileFormat.generation(inHeaderOf: bytes, magic: FileFormat.journalMagic, path: path)
        }
        return .read(bytes: bytes, header: header, scan: JournalScan(bytes, maximumRecordSize: maximumRecordSize))
    }

    /// The snapshot's generation when it could be read.
    var snapshotGeneration: UInt64? {
        if case .loaded(let generation, _) = snapshot { return generation }
        return nil
    }
}

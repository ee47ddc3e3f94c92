/// A store's files as read from disk, without opening the store or changing anything: what
/// `verify` reports and what `repair` rebuilds from.
struct StoreInspection {
    enum Snapshot {
        case absent
        /// Read; intact or not, see the scan.
        case read(bytes: [UInt8], scan: SnapshotScan)
        /// Present but unusable; `bytes` is nil when it could not even be read.
        case unusable(StorageError, bytes: [UInt8]?)
    }

    enum Journal {
        case absent
        /// `header` is the header, or why it is unusable; the records are scanned either way
        /// (in the layout the header names, else the current one).
        case read(bytes: [UInt8], header: Result<FileFormat.Header, StorageError>, scan: JournalScan)
        case unreadable(StorageError)
    }

    var snapshot: Snapshot
    var journal: Journal

    init(_ configuration: JournalStore.Configuration) {
        snapshot = Self.readSnapshot(configuration.snapshotPath, maximumRecordSize: configuration.maximumRecordSize)
        journal = Self.readJournal(configuration.journalPath, maximumRecordSize: configuration.maximumRecordSize)
    }

    private static func readSnapshot(_ path: String, maximumRecordSize: Int) -> Snapshot {
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
            return .read(bytes: bytes, scan: try SnapshotScan(bytes, path: path, maximumRecordSize: maximumRecordSize))
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
        let header = Result { () throws(StorageError) -> FileFormat.Header in
            try FileFormat.readHeader(bytes, magic: FileFormat.journalMagic, path: path)
        }
        let layout = (try? header.get())?.layout ?? .current
        return .read(bytes: bytes, header: header, scan: JournalScan(bytes, layout: layout, maximumRecordSize: maximumRecordSize))
    }

    /// The snapshot's generation when it could be read with an intact header.
    var snapshotGeneration: UInt64? {
        if case .read(_, let scan) = snapshot, scan.headerIntact { return scan.header.generation }
        return nil
    }
}

extension JournalStore {
    /// Start-up: load the snapshot, replay the journal of the same generation, cut a torn tail
    /// (a record cut short). Any other damage, a complete last record that fails its checksum
    /// included, or a journal missing beside its snapshot, is refused: nothing on disk changes,
    /// and `repair` is the way on.
    static func recover(_ configuration: Configuration) throws -> (State, RecoveryReport) {
        var report = RecoveryReport()
        var contents = StoreContents()
        var generation: UInt64 = 0
        if SystemFile.exists(configuration.snapshotPath) {
            let file = try SystemFile.open(configuration.snapshotPath, create: false)
            defer { file.close() }
            let header = try SnapshotFormat.load(try file.readAll(), path: file.path, into: &contents)
            generation = header.generation
            report.snapshotLoaded = true
            if header.version < FileFormat.version { report.upgradedFromVersion = header.version }
        }
        report.generation = generation

        guard SystemFile.exists(configuration.journalPath) else {
            // A journal is always replaced by rename, never removed: one missing beside a snapshot
            // was deleted, with whatever it held.
            if report.snapshotLoaded { throw StorageError.missingJournal(path: configuration.journalPath) }
            let journal = try startJournal(configuration, generation: generation)
            return (State(contents: contents, journal: journal, journalSize: FileFormat.headerSize, generation: generation), report)
        }

        let journal = try SystemFile.open(configuration.journalPath, create: false)
        do {
            let bytes = try journal.readAll()
            let header = try FileFormat.readHeader(bytes, magic: FileFormat.journalMagic, path: journal.path)
            let journalGeneration = header.generation
            if header.version < FileFormat.version {
                report.upgradedFromVersion = min(report.upgradedFromVersion ?? header.version, header.version)
            }
            if journalGeneration < generation {
                // A crash between renaming a snapshot into place and starting its journal: the
                // snapshot already holds everything this journal does.
                journal.close()
                report.staleJournalDiscarded = true
                let fresh = try startJournal(configuration, generation: generation)
                return (State(contents: contents, journal: fresh, journalSize: FileFormat.headerSize, generation: generation), report)
            }
            guard journalGeneration == generation else {
                throw StorageError.missingSnapshot(
                    path: journal.path, journalGeneration: journalGeneration, snapshotGeneration: generation)
            }
            let scan = JournalScan(bytes, layout: header.layout, maximumRecordSize: configuration.maximumRecordSize)
            if let damage = scan.damage.first {
                if damage.offset + damage.length == bytes.count {
                    throw StorageError.damagedJournalTail(path: journal.path, offset: damage.offset, reason: damage.reason.description)
                }
                throw StorageError.corruptJournal(
                    path: journal.path, offset: damage.offset, reason: damage.reason.description,
                    intactAt: damage.offset + damage.length)
            }
            for record in scan.records {
                contents.apply(record.mutations)
            }
            report.recordsReplayed = scan.records.count
            if let tail = scan.tornTail {
                try journal.truncate(to: tail.offset)
                try journal.sync()
                report.cutReason = tail.reason
                report.cutOffset = tail.offset
                report.bytesCut = tail.length
            }
            return (State(contents: contents, journal: journal, journalSize: scan.intactLength, generation: generation), report)
        } catch {
            journal.close()
            throw error
        }
    }

    /// Installs an empty journal of `generation` atomically and opens it for appending.
    static func startJournal(_ configuration: Configuration, generation: UInt64) throws(StorageError) -> SystemFile {
        try SystemFile.replace(
            configuration.journalPath, in: configuration.directory,
            with: FileFormat.header(magic: FileFormat.journalMagic, generation: generation))
        return try SystemFile.open(configuration.journalPath, create: false)
    }
}

extension JournalStore {
    /// Start-up: load the snapshot, replay the journal of the same generation, cut a damaged tail.
    static func recover(_ configuration: Configuration) throws -> (State, RecoveryReport) {
        SystemFile.remove(configuration.snapshotPath + ".tmp")
        SystemFile.remove(configuration.journalPath + ".tmp")

        var report = RecoveryReport()
        var contents = StoreContents()
        var generation: UInt64 = 0
        if SystemFile.exists(configuration.snapshotPath) {
            let file = try SystemFile.open(configuration.snapshotPath, create: false)
            defer { file.close() }
            let snapshot = try FileFormat.readSnapshot(try file.readAll(), path: file.path)
            contents.apply(snapshot.mutations)
            generation = snapshot.generation
            report.snapshotLoaded = true
        }
        report.generation = generation

        guard SystemFile.exists(configuration.journalPath) else {
            let journal = try startJournal(configuration, generation: generation)
            return (State(contents: contents, journal: journal, journalSize: FileFormat.headerSize, generation: generation), report)
        }

        let journal = try SystemFile.open(configuration.journalPath, create: false)
        do {
            let bytes = try journal.readAll()
            let journalGeneration = try FileFormat.generation(
                inHeaderOf: bytes, magic: FileFormat.journalMagic, path: journal.path)
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
            let scan = FileFormat.scanJournal(bytes, maximumRecordSize: configuration.maximumRecordSize)
            for batch in scan.batches {
                contents.apply(batch)
            }
            report.recordsReplayed = scan.batches.count
            if let reason = scan.cutReason {
                try journal.truncate(to: scan.validLength)
                try journal.sync()
                report.cutReason = reason
                report.cutOffset = scan.validLength
                report.bytesCut = bytes.count - scan.validLength
            }
            return (State(contents: contents, journal: journal, journalSize: scan.validLength, generation: generation), report)
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

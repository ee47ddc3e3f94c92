extension JournalStore {
    /// Folds the journal into a new snapshot and starts the next journal generation. Writers wait
    /// meanwhile; readers do not, since the contents only change under the commit lock held here.
    public func snapshot() throws {
        try snapshot(ifJournalReaches: 0)
    }

    /// Snapshots only if the journal still holds `size` bytes once the writers are held off: of
    /// several writers crossing the threshold together, one snapshots.
    func snapshot(ifJournalReaches size: Int) throws {
        let configuration = configuration
        try commitLock.withLock(timeout: configuration.commitWait) {
            // Holding the commit lock, everything written is durable and applied, and nothing
            // else changes the contents or the journal; queued records go to the next journal.
            let (journal, journalSize, generation, contents) = try state.withLock { state throws in
                (try state.writableJournal(), state.journalSize, state.generation, state.contents)
            }
            guard journalSize >= size else { return }
            let next = generation + 1
            let encoded = SnapshotFormat.encode(contents.asMutations, generation: next)
            // Until the snapshot is renamed into place, a failure leaves the old files in charge.
            let temporary = try SystemFile.writeAside(configuration.snapshotPath, encoded)
            do {
                try SystemFile.install(temporary, as: configuration.snapshotPath, in: configuration.directory)
                let fresh = try Self.startJournal(configuration, generation: next)
                state.withLock { state in
                    state.journal = fresh
                    state.journalSize = FileFormat.headerSize
                    state.generation = next
                }
                journal.close()
            } catch {
                // Once the new snapshot may be in place, appending to the old journal would be
                // discarded as stale at the next start-up: refuse writes until a reopen recovers.
                state.withLock { $0.failure = "snapshot of generation \(next) incomplete: \(error)" }
                throw error
            }
        }
    }
}

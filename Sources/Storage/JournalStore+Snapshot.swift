extension JournalStore {
    /// Folds the journal into a new snapshot and starts the next journal generation. Writers and
    /// readers wait meanwhile.
    public func snapshot() throws {
        try snapshot(ifJournalReaches: 0)
    }

    /// Snapshots only if the journal still holds `size` bytes once the writers are held off: of
    /// several writers crossing the threshold together, one snapshots.
    func snapshot(ifJournalReaches size: Int) throws {
        let configuration = configuration
        try commitLock.withLock { _ throws in
            try state.withLock { state throws in
                let journal = try state.writableJournal()
                // Holding the commit lock, everything written is durable and applied; queued
                // records go to the next journal.
                guard state.journalSize >= size else { return }
                let next = state.generation + 1
                let payload = MutationCodec.encode(state.contents.asMutations)
                // Until the snapshot is renamed into place, a failure leaves the old files intact.
                try SystemFile.replace(
                    configuration.snapshotPath, in: configuration.directory,
                    with: FileFormat.snapshot(payload, generation: next))
                do {
                    let fresh = try Self.startJournal(configuration, generation: next)
                    journal.close()
                    state.journal = fresh
                    state.journalSize = FileFormat.headerSize
                    state.generation = next
                } catch {
                    // Appending to the old journal now would be discarded as stale at the next
                    // start-up; refuse writes until a reopen recovers from the new snapshot.
                    state.failure = "could not start journal generation \(next): \(error)"
                    throw error
                }
            }
        }
    }
}

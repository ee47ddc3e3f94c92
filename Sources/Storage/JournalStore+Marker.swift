extension JournalStore {
    static let markerText = Array("This store has held data: Waypoint never seeds it with demo content again.\n".utf8)

    /// Writes the held-data marker durably (once).
    func markHeldData() throws {
        try Self.writeMarker(configuration)
        state.withLock { $0.hasHeldData = true }
    }

    static func writeMarker(_ configuration: Configuration) throws(StorageError) {
        guard !SystemFile.exists(configuration.markerPath) else { return }
        try SystemFile.replace(configuration.markerPath, in: configuration.directory, with: markerText)
    }
}

import HTTPServer

/// The live sessions and the file they are saved to: restored at start-up, saved when something
/// changed (periodically and at shutdown). Expired sessions are neither saved nor restored.
final class SessionArchive: Sendable {
    let sessions: SessionStore
    let file: SessionFile
    private let logger: Logger
    /// Seconds since 1970.
    private let clock: @Sendable () -> Int64

    init(sessions: SessionStore, file: SessionFile, logger: Logger, clock: @escaping @Sendable () -> Int64) {
        self.sessions = sessions
        self.file = file
        self.logger = logger
        self.clock = clock
    }

    func restore() {
        do {
            let records = try file.load()
            sessions.restore(records, now: clock())
            if !records.isEmpty { logger.info("restored \(sessions.count) of \(records.count) saved sessions") }
        } catch {
            logger.error("saved sessions not restored from \(file.path): \(error)")
        }
    }

    /// Writes the file if anything changed since the last save, or always with `force`.
    func save(force: Bool) {
        guard sessions.takeDirty() || force else { return }
        do {
            try file.save(sessions.liveRecords(now: clock()))
        } catch {
            sessions.markDirty()
            logger.error("sessions not saved to \(file.path): \(error)")
        }
    }
}

import Log

/// The live sessions and the journal they are saved to: restored at start-up, changed sessions
/// saved periodically and at shutdown. Sign-ins, sign-outs and revocations never wait for a save:
/// `SessionStore` writes them through.
public final class SessionArchive: Sendable {
    public let sessions: SessionStore
    public let journal: any SessionPersistence
    /// A sessions file of an earlier version, imported once into the journal.
    public let legacyFile: SessionFile
    /// Signed-in users' navigation, saved with their accounts.
    public let userNavigation: UserNavigation?
    private let logger: Logger
    /// Seconds since 1970.
    private let clock: @Sendable () -> Int64

    public init(
        sessions: SessionStore, journal: any SessionPersistence, legacyFile: SessionFile,
        userNavigation: UserNavigation? = nil, logger: Logger, clock: @escaping @Sendable () -> Int64
    ) {
        self.sessions = sessions
        self.journal = journal
        self.legacyFile = legacyFile
        self.userNavigation = userNavigation
        self.logger = logger
        self.clock = clock
    }

    /// Loads the saved sessions; expired ones are deleted from the journal.
    public func restore() throws {
        try importLegacyFile()
        let (records, unreadable) = journal.load()
        if unreadable > 0 { logger.warning("\(unreadable) saved sessions could not be read and were skipped") }
        let now = clock()
        sessions.restore(records, now: now)
        let expired = records.filter { now - $0.lastSeen > sessions.configuration.timeout(signedIn: $0.userID != nil) }.map(\.reference)
        if !expired.isEmpty { try journal.write(records: [], ending: expired) }
        if !records.isEmpty { logger.info("restored \(sessions.count) of \(records.count) saved sessions") }
    }

    /// Writes the sessions that changed since the last save, and signed-in users' navigation.
    public func save() {
        do {
            let written = try sessions.saveChanges(now: clock())
            try userNavigation?.save(written)
        } catch {
            logger.error("sessions not saved: \(error)")
        }
    }

    /// Moves the sessions of an earlier version's `sessions.json` into the journal, then renames the
    /// file so it is imported once.
    private func importLegacyFile() throws {
        guard let records = try legacyFile.loadIfPresent() else { return }
        try journal.write(records: records, ending: [])
        try legacyFile.retire()
        logger.info("imported \(records.count) sessions from \(legacyFile.path) into the session journal")
    }
}

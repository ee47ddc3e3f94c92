extension AppResponder {
    /// After an item was deleted or moved: cuts every live session's stacks back to screens that
    /// still exist. Each session does it in turn with its own requests; sessions still saved as
    /// snapshots are checked when restored.
    func pruneSessions() {
        for session in sessions.allSessions() {
            session.perform(onWorker: false, pool: pool) { [self] in
                guard let coordinator = session.loadedNavigation else { return }
                coordinator.pruneStaleLocations()
                if session.rememberNavigation() { sessions.markDirty() }
            }
        }
    }
}

extension AppResponder {
    /// After an item was deleted or moved: cuts every live session's stacks back to screens that
    /// still exist (busy sessions do it before their next request).
    func pruneSessions() {
        for session in sessions.allSessions() where session.pruneStaleLocations() {
            sessions.markChanged(session)
        }
    }
}

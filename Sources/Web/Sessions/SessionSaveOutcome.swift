/// What a periodic save did with each record: stored (under its new version), or refused because
/// the stored session is newer than the copy saved, or was ended, elsewhere.
struct SessionSaveOutcome: Sendable, Equatable {
    /// Version stored, by session id.
    var saved: [String: Int64] = [:]
    /// Sessions whose copy here is stale.
    var stale: Set<String> = []
}

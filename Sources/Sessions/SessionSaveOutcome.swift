/// What a periodic save did with each record: stored (under its new version), or refused because
/// the stored session is newer than the copy saved, or was ended, elsewhere.
public struct SessionSaveOutcome: Sendable, Equatable {
    /// Version stored, by session id.
    public var saved: [String: Int64] = [:]
    /// Sessions whose copy here is stale.
    public var stale: Set<String> = []
}

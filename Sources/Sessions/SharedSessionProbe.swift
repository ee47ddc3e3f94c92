import RedisClient

/// The question a request asks Redis about the session its cookie names, and what this instance
/// knew when asking: the version of its copy, or nil when it holds none.
public struct SharedSessionProbe: Sendable {
    public let id: String
    public let heldVersion: Int64?
    public let command: RedisCommand
}

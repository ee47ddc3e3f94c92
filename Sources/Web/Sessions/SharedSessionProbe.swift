import RedisClient

/// The question a request asks Redis about the session its cookie names, and what this instance
/// knew when asking: the version of its copy, or nil when it holds none.
struct SharedSessionProbe: Sendable {
    let id: String
    let heldVersion: Int64?
    let command: RedisCommand
}

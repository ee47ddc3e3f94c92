/// An event loop's connections that sit between requests with nothing in flight, oldest first: the
/// ones that may be closed to make room when the connection cap is reached (as nginx reuses the
/// slots of its idle keep-alive connections). Intrusive, so entering, leaving and taking the oldest
/// are O(1) and cost no allocation on the request path.
struct IdleConnections {
    private(set) var count = 0
    private var head: Connection?
    private var tail: Connection?

    /// The connection that has been idle longest.
    var oldest: Connection? { head }

    mutating func append(_ connection: Connection) {
        guard !connection.isListedIdle else { return }
        connection.isListedIdle = true
        connection.idlePrevious = tail
        connection.idleNext = nil
        if let tail { tail.idleNext = connection } else { head = connection }
        tail = connection
        count += 1
    }

    mutating func remove(_ connection: Connection) {
        guard connection.isListedIdle else { return }
        connection.isListedIdle = false
        if let previous = connection.idlePrevious { previous.idleNext = connection.idleNext } else { head = connection.idleNext }
        if let next = connection.idleNext { next.idlePrevious = connection.idlePrevious } else { tail = connection.idlePrevious }
        connection.idlePrevious = nil
        connection.idleNext = nil
        count -= 1
    }
}

/// An event loop's connections that sit between requests with nothing in flight, oldest first: the
/// ones that may be closed to make room when the connection cap is reached (as nginx reuses the
/// slots of its idle keep-alive connections). Linked by the connections' places in the loop's
/// table (`Connection.tableIndex`), the links held here in two arrays: entering, leaving and taking
/// the oldest are O(1), and cost no allocation and no reference counting on the request path.
struct IdleConnections {
    private(set) var count = 0
    private var head = -1
    private var tail = -1
    /// By table index; -1 for none. Meaningful only for listed connections.
    private var previous: [Int] = []
    private var next: [Int] = []

    /// The table index of the connection that has been idle longest.
    var oldest: Int? { head >= 0 ? head : nil }

    mutating func append(_ connection: Connection) {
        guard !connection.isListedIdle else { return }
        connection.isListedIdle = true
        let index = connection.tableIndex
        if index >= next.count {
            let grown = max(index + 1, next.count * 2)
            previous += repeatElement(-1, count: grown - previous.count)
            next += repeatElement(-1, count: grown - next.count)
        }
        previous[index] = tail
        next[index] = -1
        if tail >= 0 { next[tail] = index } else { head = index }
        tail = index
        count += 1
    }

    mutating func remove(_ connection: Connection) {
        guard connection.isListedIdle else { return }
        connection.isListedIdle = false
        let index = connection.tableIndex
        let before = previous[index]
        let after = next[index]
        if before >= 0 { next[before] = after } else { head = after }
        if after >= 0 { previous[after] = before } else { tail = before }
        count -= 1
    }
}

/// Compares a route's printed path with a request's path as the route prints, so a GET whose path
/// is already canonical costs no string. The printed query (`?next=`) is not compared: the route's
/// only raw `?` starts it, since a printed `next` escapes its own.
struct PathComparison: RouteOutput {
    private let path: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var isDifferent = false
    private var isInQuery = false

    init(path: UnsafeBufferPointer<UInt8>) {
        self.path = path
    }

    /// Whether everything printed, up to the query, spells `path` exactly.
    var matches: Bool { !isDifferent && position == path.count }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            guard !isDifferent, !isInQuery else { return }
            if position < path.count, path[position] == byte {
                position += 1
            } else if position == path.count, byte == UInt8(ascii: "?") {
                isInQuery = true
            } else {
                isDifferent = true
            }
        }
    }
}

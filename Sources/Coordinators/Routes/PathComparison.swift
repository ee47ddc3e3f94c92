/// Compares a route's printed path with a request's path as the route prints, byte by byte as
/// they are produced, so a GET whose path is already canonical costs no string. The printed query
/// (`?next=`) is not compared: the route's only raw `?` starts it, since a printed `next` escapes
/// its own.
struct PathComparison: RouteOutput {
    private let path: String.UTF8View
    private var position: String.Index
    private var isDifferent = false
    private var isInQuery = false

    init(path: String) {
        self.path = path.utf8
        self.position = self.path.startIndex
    }

    /// Whether everything printed, up to the query, spells `path` exactly.
    var matches: Bool { !isDifferent && position == path.endIndex }

    mutating func append(_ byte: UInt8) {
        guard !isDifferent, !isInQuery else { return }
        guard position != path.endIndex else {
            // Printed past the end of `path`: only the start of the query may follow.
            if byte == UInt8(ascii: "?") { isInQuery = true } else { isDifferent = true }
            return
        }
        guard path[position] == byte else {
            isDifferent = true
            return
        }
        path.formIndex(after: &position)
    }

    mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { append(byte) }
        }
    }

    mutating func append(contentsOf text: Substring) {
        for byte in text.utf8 { append(byte) }
    }
}

/// Compares a route's printed path with a request's path as the route prints, byte by byte as
/// they are produced, so a GET whose path is already canonical costs no string. The printed query
/// (`?next=`) is not compared: the route's only raw `?` starts it, since a printed `next` escapes
/// its own.
struct PathComparison: RouteOutput {
    private let path: String.UTF8View
    /// The next byte of `path` to compare: everything before it matched.
    private var cursor: String.UTF8View.Index
    private var isDifferent = false
    private var isInQuery = false

    init(path: String) {
        self.path = path.utf8
        cursor = path.utf8.startIndex
    }

    /// Whether everything printed, up to the query, spells `path` exactly.
    var matches: Bool { !isDifferent && cursor == path.endIndex }

    mutating func append(_ byte: UInt8) {
        compare(byte)
    }

    mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { printed in
            for byte in printed { compare(byte) }
        }
    }

    mutating func append(contentsOf component: String, ifEvery isKept: (UInt8) -> Bool) -> Bool {
        guard component.utf8.allSatisfy(isKept) else { return false }
        for byte in component.utf8 { compare(byte) }
        return true
    }

    /// Compares the byte printed next with the path at the cursor.
    @inline(__always)
    private mutating func compare(_ printed: UInt8) {
        guard !isDifferent, !isInQuery else { return }
        guard cursor != path.endIndex else {
            // Printed past the end of `path`: only the start of the query may follow.
            if printed == UInt8(ascii: "?") { isInQuery = true } else { isDifferent = true }
            return
        }
        if path[cursor] == printed { path.formIndex(after: &cursor) } else { isDifferent = true }
    }
}

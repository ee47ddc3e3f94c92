/// Compares a route's printed path with a request's path as the route prints, byte by byte as
/// they are produced, so a GET whose path is already canonical costs no string. The printed query
/// (`?next=`) is not compared: the route's only raw `?` starts it, since a printed `next` escapes
/// its own.
struct PathComparison: RouteOutput {
    private let path: String
    /// How many bytes of `path` matched so far.
    private var position = 0
    private var isDifferent = false
    private var isInQuery = false

    init(path: String) {
        self.path = path
    }

    /// Whether everything printed, up to the query, spells `path` exactly.
    var matches: Bool { !isDifferent && position == path.utf8.count }

    mutating func append(_ byte: UInt8) {
        compare(count: 1) { _ in byte }
    }

    mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { printed in compare(count: printed.count) { printed[$0] } }
    }

    mutating func append(contentsOf bytes: Span<UInt8>) {
        compare(count: bytes.count) { bytes[$0] }
    }

    /// Compares the `count` bytes printed next (`printed(0)`, `printed(1)`…) with the path from
    /// `position` on; the path's bytes are looked up once per piece.
    @inline(__always)
    private mutating func compare(count: Int, _ printed: (Int) -> UInt8) {
        guard !isDifferent, !isInQuery, count > 0 else { return }
        let expected = path.utf8.span
        let shared = min(count, expected.count - position)
        for offset in 0..<shared where expected[position + offset] != printed(offset) {
            isDifferent = true
            return
        }
        position += shared
        if shared < count {
            // Printed past the end of `path`: only the start of the query may follow.
            if printed(shared) == UInt8(ascii: "?") { isInQuery = true } else { isDifferent = true }
        }
    }
}

extension AppRoute {
    /// Where to send a request that named this route in another spelling than `print()` (an escape
    /// that need not be one, `%2f` for `%2F`…), so each screen keeps one URL; nil when `path` is
    /// already canonical. The request's query is kept unless the route prints its own (`?next=`).
    /// Always a local path: a printed route is `/` or `/` followed by a non-empty segment.
    public func canonicalLocation(path: String, query: String?) -> String? {
        let printed = print()
        guard let mark = printed.firstIndex(of: "?") else {
            guard path != printed, Self.isLocal(printed) else { return nil }
            guard let query, !query.isEmpty else { return printed }
            return printed + "?" + query
        }
        guard path != printed[..<mark], Self.isLocal(printed) else { return nil }
        return printed
    }

    /// An absolute path on this site: never `//host` or `/\host`, which browsers read as another site.
    private static func isLocal(_ location: String) -> Bool {
        let bytes = location.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        let second = bytes.dropFirst().first
        return second != UInt8(ascii: "/") && second != UInt8(ascii: "\\")
    }
}

extension AppRoute {
    /// Where to send a request that named this route in another spelling than `print()` (an escape
    /// that need not be one, `%2f` for `%2F`…), so each screen keeps one URL; nil when `path` is
    /// already canonical. The request's query is kept unless the route prints its own (`?next=`).
    /// Always a local path: a printed route is `/` or `/` followed by a non-empty segment.
    public func canonicalLocation(path: String, query: String?) -> String? {
        // Every GET asks; nearly every path is canonical, which is answered without printing a string.
        guard !prints(path: path) else { return nil }
        let printed = print()
        guard Self.isLocal(printed) else { return nil }
        if printed.utf8.contains(UInt8(ascii: "?")) { return printed }
        guard let query, !query.isEmpty else { return printed }
        return printed + "?" + query
    }

    /// Whether the route's printed path (before any `?`) is exactly `path`, compared as it prints.
    func prints(path: String) -> Bool {
        var comparison = PathComparison(path: path)
        print(into: &comparison)
        return comparison.matches
    }

    /// An absolute path on this site: never `//host` or `/\host`, which browsers read as another site.
    private static func isLocal(_ location: String) -> Bool {
        let bytes = location.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        let second = bytes.dropFirst().first
        return second != UInt8(ascii: "/") && second != UInt8(ascii: "\\")
    }
}

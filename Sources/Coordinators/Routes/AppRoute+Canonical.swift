extension AppRoute {
    /// Where to send a request that named this route in another spelling than `print()` (an escape
    /// that need not be one, `%2f` for `%2F`…), so each screen keeps one URL; nil when `path` is
    /// already canonical. The request's query is kept unless the route prints its own (`?next=`).
    /// A category's list owns only its `page` parameter: it must be spelled as printed (none for
    /// the first page), and the request's other parameters are kept after it.
    /// Always a local path: a printed route is `/` or `/` followed by a non-empty segment.
    public func canonicalLocation(path: String, query: String?) -> String? {
        if case .library(.category(_, let page)) = self {
            return listLocation(page: page, path: path, query: query)
        }
        // Every GET asks; nearly every path is canonical, which is answered without printing a string.
        guard !prints(path: path) else { return nil }
        let printed = print()
        guard Self.isLocal(printed) else { return nil }
        if printed.utf8.contains(UInt8(ascii: "?")) { return printed }
        guard let query, !query.isEmpty else { return printed }
        return printed + "?" + query
    }

    /// A category's list: the printed path and page, then the request's other parameters.
    private func listLocation(page: Int, path: String, query: String?) -> String? {
        guard !prints(path: path) || !ListPageQuery.spells(page, in: query) else { return nil }
        let printed = print()
        guard Self.isLocal(printed) else { return nil }
        let others = ListPageQuery.otherParameters(in: query)
        guard !others.isEmpty else { return printed }
        return printed + (page == 1 ? "?" : "&") + others.joined(separator: "&")
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

import Models
import ViewModels

extension AppRoute {
    /// The route a request names, or nil (404). `path` and `query` are raw, as sent (still
    /// percent-encoded). Fixed words (`items`, `options`, `secondary1`, …) match in any spelling
    /// (`%6Fptions`), so Web can redirect them to the printed one; a category slug is decoded as
    /// a name, so `%73ettings` is the category "settings", not the Settings screen. The whole
    /// path must be consumed; unknown query parameters are ignored. A category's `page` is read
    /// as `ListPageQuery` says: a malformed one names no screen.
    public static func parse(path: String, query: String? = nil) -> AppRoute? {
        guard path.hasPrefix("/") else { return nil }
        if path == "/" { return .root }
        // Split on the bytes: `/` is ASCII, and a split by Character would walk grapheme clusters.
        let raw = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { Substring($0) }
        // No empty, `.` or `..` segment; checked on bytes, as this runs for every request.
        guard raw.allSatisfy({ !$0.isEmpty && !($0.utf8.count <= 2 && $0.utf8.allSatisfy { $0 == UInt8(ascii: ".") }) })
        else { return nil }
        guard let first = raw.first.flatMap(word) else { return nil }
        let rest = raw.dropFirst()
        switch first {
        case "library": return LibraryRoute.parse(rest, query: query).map(AppRoute.library)
        case "flow": return FlowRoute.parse(rest).map(AppRoute.flow)
        case "screen": return SheetTabRoute.parse(rest).map(AppRoute.screen)
        case "_navigation": return rest.isEmpty ? .inspector : nil
        default: return AccountRoute.parse(first: first, rest: rest, query: query).map(AppRoute.account)
        }
    }

    /// A fixed word of the path, decoded; nil when it does not decode. Most segments have nothing
    /// to decode and come back as they are.
    static func word(_ segment: Substring) -> Substring? {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return segment }
        return URLComponentCoding.decode(segment).map { Substring($0) }
    }

    /// Parses a URL that arrived as a value (a `next` parameter): local absolute paths only.
    public static func parse(url: String) -> AppRoute? {
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return nil }
        if let mark = url.firstIndex(of: "?") {
            return parse(path: String(url[..<mark]), query: String(url[url.index(after: mark)...]))
        }
        return parse(path: url)
    }
}

extension LibraryRoute {
    static func parse(_ segments: ArraySlice<Substring>, query: String? = nil) -> LibraryRoute? {
        let s = Array(segments)
        switch s.count {
        case 0:
            return .home
        case 1 where s[0] == "settings":
            return .settings
        default:
            break
        }
        guard let slug = URLComponentCoding.decode(s[0]), !slug.isEmpty else { return nil }
        let category = CategoryID(slug)
        if s.count == 1 { return ListPageQuery.page(in: query).map { .category(category, page: $0) } }
        let words = s.dropFirst().compactMap(AppRoute.word)
        guard words.count == s.count - 1, words[0] == "items", words.count >= 2, words.count <= 3 else { return nil }
        if words[1] == "new" {
            guard words.count == 3 else { return .newItem(category) }
            return WizardStep(rawValue: String(words[2])).map { .addItem(category, $0) }
        }
        // Only the digits `print()` makes (no `+`, no leading zeros); Web redirects other escapes.
        guard let number = Int(words[1]), String(number) == words[1] else { return nil }
        let item = ItemID(number)
        guard words.count == 3 else { return .item(category, item, nil) }
        if words[2] == "delete" { return .deleteItem(category, item) }
        // The Overview's one URL is the item's own: `…/overview` names it too, and Web redirects.
        return DetailTab(rawValue: String(words[2])).map { .item(category, item, $0 == .overview ? nil : $0) }
    }
}

extension FlowRoute {
    /// Only the stacks the flow allows: one segment per pushed screen.
    static func parse(_ segments: ArraySlice<Substring>) -> FlowRoute? {
        let words = segments.compactMap(AppRoute.word)
        guard words.count == segments.count else { return nil }
        return FlowRoute.allCases.first { route in
            route.stackPages.dropFirst().map(\.rawValue).elementsEqual(words.map(String.init))
        }
    }
}

extension SheetTabRoute {
    static func parse(_ segments: ArraySlice<Substring>) -> SheetTabRoute? {
        switch segments.compactMap(AppRoute.word) {
        case [] where segments.isEmpty: .primary
        case ["detail"]: .detail
        case ["sheet"]: .sheet
        default: nil
        }
    }
}

extension AccountRoute {
    static func parse(first: Substring, rest: ArraySlice<Substring>, query: String?) -> AccountRoute? {
        switch (first, rest.count) {
        case ("login", 0): .login(next: next(in: query))
        case ("register", 0): .register(next: next(in: query))
        case ("forgot-password", 0): .forgotPassword(next: next(in: query))
        case ("forgot-password", 1): rest.first.flatMap(AppRoute.word) == "sent" ? .resetLinkSent : nil
        case ("logout", 0): .logout
        case ("reset-password", 1):
            rest.first.flatMap { URLComponentCoding.decode($0) }.flatMap { $0.isEmpty ? nil : .resetPassword(token: $0) }
        default: nil
        }
    }

    /// The `next` parameter as a route; anything that is not a non-account Waypoint route is dropped.
    /// Its path is parsed first, alone: an account route is dropped there, without reading its own
    /// `next`, so a `next` nested thousands deep costs one parse, not a recursion each. Only then is
    /// the query read, for the routes that have one (a list's page).
    static func next(in query: String?) -> AppRoute? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "next" else { continue }
            guard let value = URLComponentCoding.decode(parts[1], plusIsSpace: true) else { return nil }
            let path = String(value.prefix { $0 != "?" })
            guard let route = AppRoute.parse(url: path) else { return nil }
            if case .account = route { return nil }
            guard path.utf8.count < value.utf8.count else { return route }
            return AppRoute.parse(url: value)
        }
        return nil
    }
}

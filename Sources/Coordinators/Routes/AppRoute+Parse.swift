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
        parseLabeled(path: path, query: query)?.route
    }

    /// The route a request names, with the label its declaration gives it for metrics and logs
    /// (`/library/{category}`) and whether its path must stay out of logs (a reset token).
    public static func parseLabeled(path: String, query: String? = nil) -> (route: AppRoute, label: String, hidesPath: Bool)? {
        guard path.hasPrefix("/") else { return nil }
        if path == "/" { return declarations.first.map { (.root, $0.label, false) } }
        // Split on the bytes: `/` is ASCII, and a split by Character would walk grapheme clusters.
        let raw = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { Substring($0) }
        // No empty, `.` or `..` segment; checked on bytes, as this runs for every request.
        guard raw.allSatisfy({ !$0.isEmpty && !($0.utf8.count <= 2 && $0.utf8.allSatisfy { $0 == UInt8(ascii: ".") }) })
        else { return nil }
        // Each segment's spelling as a fixed word, decoded once for every declaration to compare.
        let words = raw.map(word)
        for declaration in declarations where declaration.segments.count == raw.count {
            if let route = declaration.match(raw, words: words, query: query) {
                return (route, declaration.label, declaration.segments.contains(.token))
            }
        }
        return nil
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

extension AccountRoute {
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

extension RouteDeclaration {
    /// The route `raw` names under this pattern, or nil. Fixed words are compared first, so only
    /// the declaration that matches decodes the values.
    func match(_ raw: [Substring], words: [Substring?], query: String?) -> AppRoute? {
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .word(let word): guard let spelled = words[index], spelled == word else { return nil }
            case .reserved(let word): guard raw[index] == word else { return nil }
            case .category, .item, .token: continue
            }
        }
        var values = RouteValues()
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .word, .reserved:
                continue
            case .category:
                guard let slug = URLComponentCoding.decode(raw[index]), !slug.isEmpty else { return nil }
                values.slug = slug
            case .item:
                // Only the digits `print()` makes (no `+`, no leading zeros); Web redirects other escapes.
                guard let digits = words[index], let number = Int(digits), String(number) == digits else { return nil }
                values.number = number
            case .token:
                guard let token = URLComponentCoding.decode(raw[index]), !token.isEmpty else { return nil }
                values.token = token
            }
        }
        switch self.query {
        case .page?:
            guard let page = ListPageQuery.page(in: query) else { return nil }
            values.page = page
        case .next?:
            values.next = AccountRoute.next(in: query)
        default:
            break
        }
        return pattern.make(values)
    }
}

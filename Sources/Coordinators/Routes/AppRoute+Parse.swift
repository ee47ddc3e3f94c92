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
        guard path.utf8.first == UInt8(ascii: "/") else { return nil }
        if path.utf8.count == 1 { return declarations.first.map { (.root, $0.label, false) } }
        guard let path = PathSegments(path) else { return nil }
        guard path.raw.count < declarationsBySegmentCount.count else { return nil }
        for declaration in declarationsBySegmentCount[path.raw.count] {
            if let route = declaration.match(path, query: query) {
                return (route, declaration.label, declaration.hidesPath)
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
    func match(_ path: PathSegments, query: String?) -> AppRoute? {
        let raw = path.raw
        let words = path.words
        // Fingerprints first: they refuse the declarations that differ in any fixed word without
        // reading a byte. Then the words themselves, so a match never rests on a fingerprint.
        for fixed in fixedWords.indices where path.fingerprints[fixedWords[fixed].index] != fixedWords[fixed].fingerprint {
            return nil
        }
        for fixed in fixedWords {
            if fixed.isReserved {
                guard raw[fixed.index] == fixed.word else { return nil }
            } else {
                guard let word = words[fixed.index], word == fixed.word else { return nil }
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
                guard let digits = words[index], let number = canonicalDecimal(digits) else { return nil }
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

extension RouteDeclaration {
    /// The number `digits` spells as `String(number)` would (an optional `-`, no `+`, no leading
    /// zeros), or nil: the only spelling of an item's number that names it.
    func canonicalDecimal(_ digits: Substring) -> Int? {
        var bytes = digits.utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard let first = bytes.first, first != UInt8(ascii: "0") || (bytes.count == 1 && !negative) else { return nil }
        var value = 0
        for byte in bytes {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            let digit = Int(byte &- UInt8(ascii: "0"))
            let (shifted, overflowMultiply) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowMultiply, !overflowAdd else { return nil }
            value = next
        }
        return value
    }
}

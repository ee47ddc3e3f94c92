/// The `page` parameter of a category's URL, read from the raw query (`page=3`), and whether a
/// query spells a page the one way the printer does.
///
/// Reading: absent is page 1; the first `page` pair decides; its value, once decoded, must be the
/// digits the printer makes (no sign, no leading zero, at least 1), else the URL names no screen
/// (404), as an item number would. `%33` reads as 3 and is redirected to `page=3`; `page=1` is the
/// first page, redirected to the URL without it.
enum ListPageQuery {
    /// The page the query names; nil when its `page` is malformed.
    static func page(in query: String?) -> Int? {
        guard let query, !query.isEmpty else { return 1 }
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            let (key, value) = split(Substring(pair))
            guard isPageKey(key) else { continue }
            guard let value, let decoded = URLComponentCoding.decode(value, plusIsSpace: true) else { return nil }
            return number(decoded)
        }
        return 1
    }

    /// Whether `query` spells `page` exactly as the printer would: no `page` pair for the first
    /// page, else exactly one, `page={digits}`. Other parameters do not matter.
    static func spells(_ page: Int, in query: String?) -> Bool {
        guard let query, !query.isEmpty else { return page == 1 }
        var found = 0
        var isExact = false
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            let text = Substring(pair)
            guard isPageKey(split(text).key) else { continue }
            found += 1
            isExact = text.utf8.elementsEqual("page=\(page)".utf8)
        }
        return page == 1 ? found == 0 : found == 1 && isExact
    }

    /// The query's other parameters, as sent, for a redirect to keep; empty pairs dropped.
    static func otherParameters(in query: String?) -> [Substring] {
        guard let query else { return [] }
        return query.utf8.split(separator: UInt8(ascii: "&")).map { Substring($0) }.filter { !isPageKey(split($0).key) }
    }

    private static func split(_ pair: Substring) -> (key: Substring, value: Substring?) {
        guard let mark = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { return (pair, nil) }
        return (pair[..<mark], pair[pair.index(after: mark)...])
    }

    /// `page` in any percent-spelling (`p%61ge`), as fixed words of the path match.
    private static func isPageKey(_ key: Substring) -> Bool {
        if key == "page" { return true }
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return false }
        return URLComponentCoding.decode(key, plusIsSpace: true) == "page"
    }

    /// 1 or more, in the digits the printer makes; at most 18 of them, so it fits an `Int`.
    private static func number(_ text: String) -> Int? {
        let digits = text.utf8
        guard (1...18).contains(digits.count), digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }
}

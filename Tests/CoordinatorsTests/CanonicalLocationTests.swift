import Coordinators
import Models
import TestSupport
import Testing

/// A URL that names a screen in another spelling points at the one its route prints; a printed URL
/// points nowhere; and the answer is always a path on this site.
@Suite struct CanonicalLocationTests {
    @Test(arguments: [
        ("/library/%63ategory-3", nil, "/library/category-3"),
        ("/library/category%2D3", nil, "/library/category-3"),
        ("/library/%63ategory-3", "sort=name", "/library/category-3?sort=name"),
        ("/library/%63ategory-3", "", "/library/category-3"),
        ("/library/%63ategory-3/items/107/details", nil, "/library/category-3/items/107/details"),
        ("/library/%63ategory-3/items/new", nil, "/library/category-3/items/new"),
        ("/library/a%2fb", nil, "/library/a%2Fb"),
        ("/library/a:b", nil, "/library/a%3Ab"),
        ("/library/...", nil, "/library/%2E%2E%2E"),
        ("/library/%73ettings", nil, "/library/%73%65%74%74%69%6E%67%73"),
        ("/library/%2f%2fevil.com", nil, "/library/%2F%2Fevil.com"),
        ("/reset-password/%61bc", nil, "/reset-password/abc"),
        // A list's page: spelled as printed, none for the first; other parameters follow it.
        ("/library/category-3", "page=1", "/library/category-3"),
        ("/library/category-3", "view=1&page=1", "/library/category-3?view=1"),
        ("/library/category-3", "page=%32", "/library/category-3?page=2"),
        ("/library/category-3", "p%61ge=2&view=1", "/library/category-3?page=2&view=1"),
        ("/library/category-3", "page=2&page=9", "/library/category-3?page=2"),
        ("/library/%63ategory-3", "page=4", "/library/category-3?page=4"),
        ("/library/%63ategory-3", "sort=name&page=4", "/library/category-3?page=4&sort=name"),
    ] as [(String, String?, String)])
    func anotherSpellingPointsAtThePrintedURL(path: String, query: String?, location: String) throws {
        let route = try #require(AppRoute.parse(path: path, query: query))
        #expect(route.canonicalLocation(path: path, query: query) == location)
        // The target is canonical itself: no redirect loop.
        let (targetPath, targetQuery) = Self.split(location)
        #expect(AppRoute.parse(path: targetPath, query: targetQuery) == route)
        #expect(route.canonicalLocation(path: targetPath, query: targetQuery) == nil)
    }

    @Test func aRouteWithItsOwnQueryPointsAtItsPrintedQuery() throws {
        let route = try #require(AppRoute.parse(path: "/login", query: "next=/flow&x=1"))
        // A canonical path is left alone whatever its query spells.
        #expect(route.canonicalLocation(path: "/login", query: "next=/flow&x=1") == nil)
        // Any other spelling would get the route's own query, not the request's.
        #expect(route.canonicalLocation(path: "/other", query: "next=/flow&x=1") == "/login?next=%2Fflow")
    }

    @Test(arguments: [
        ("/library/category-3", nil), ("/library/category-3", ""), ("/library/category-3", "view=1"),
        ("/library/category-3", "page=2"), ("/library/category-3", "view=1&page=2"), ("/library/category-3", "page=2&&x"),
    ] as [(String, String?)])
    func aListPageSpelledAsPrintedIsCanonical(path: String, query: String?) throws {
        let route = try #require(AppRoute.parse(path: path, query: query))
        #expect(route.canonicalLocation(path: path, query: query) == nil)
    }

    @Test func printedURLsAreCanonical() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xCA11))
        for _ in 0..<2_000 {
            let route = generator.route()
            let (path, query) = Self.split(route.print())
            #expect(route.canonicalLocation(path: path, query: query) == nil, "\(route.print())")
            // Other parameters do not matter, beside the route's own (`next`, a list's `page`).
            #expect(route.canonicalLocation(path: path, query: query.map { $0 + "&a=1" } ?? "a=1") == nil, "\(route.print())")
        }
    }

    @Test func everyLocationIsAPathOnThisSite() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xE71))
        for _ in 0..<2_000 {
            let route = generator.route()
            guard let location = route.canonicalLocation(path: "/not-the-spelling", query: "q") else {
                Issue.record("\(route) kept a foreign spelling")
                continue
            }
            #expect(location.hasPrefix("/") && !location.hasPrefix("//") && !location.hasPrefix("/\\"), "\(location)")
        }
    }

    static func split(_ url: String) -> (String, String?) {
        guard let mark = url.firstIndex(of: "?") else { return (url, nil) }
        return (String(url[..<mark]), String(url[url.index(after: mark)...]))
    }
}

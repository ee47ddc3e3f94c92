import DemoData
import Foundation
import Testing
@testable import Web

/// The library's Periodicals (`category-8`, 1,950 issues) over HTTP: each page of the list is a
/// bounded page of HTML with an accessible pager, `?page=` is part of the URL contract, a selected
/// item keeps the list on its page, and no page links to a URL that only redirects.
@Suite struct PaginationTests {
    static let periodicals = "/library/category-8"

    /// The item links of a page's list (`/library/category-8/items/…`), in order.
    static func itemLinks(_ html: String) -> [String] {
        guard let start = html.range(of: #"<ul class="item-list""#), let end = html.range(of: "</ul>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return hrefs(String(html[start.upperBound..<end.lowerBound]))
    }

    static func hrefs(_ html: String) -> [String] {
        html.components(separatedBy: #"href=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    static func pager(_ html: String) -> String? {
        guard let start = html.range(of: #"<nav class="pager""#), let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aCategoryOfThousandsIsServedAPageAtATime() throws {
        let app = try TestApp(demoData: .library)
        let client = app.client()
        var seen: [String] = []
        for (page, path) in [(1, Self.periodicals), (2, Self.periodicals + "?page=2"), (39, Self.periodicals + "?page=39")] {
            let response = try client.get(path)
            #expect(response.status == 200, "\(path)")
            let links = Self.itemLinks(response.text)
            #expect(links.count == 50, "\(path)")
            seen += links
            // Bounded whatever the category's size: fifty rows, not 1,950.
            #expect(response.body.count < 40_000, "\(path): \(response.body.count) bytes")
            let pager = try #require(Self.pager(response.text), "\(path)")
            #expect(pager.contains(#"aria-label="Pages of Periodicals""#))
            #expect(pager.contains(#"<span class="visually-hidden">Page </span>\#(page)</a>"#))
            #expect(pager.components(separatedBy: #"aria-current="page""#).count == 2, "one current page")
            let current = page == 1 ? Self.periodicals : Self.periodicals + "?page=\(page)"
            #expect(pager.contains(#"<a href="\#(current)" aria-current="page">"#), "\(path)")
            #expect(pager.contains(#"rel="prev""#) == (page > 1))
            #expect(pager.contains(#"rel="next""#) == (page < 39))
        }
        #expect(Set(seen).count == 150)
        let first = try client.get(Self.periodicals)
        #expect(first.text.contains("Items 1–50 of 1,950"))
        #expect(Self.pager(first.text)?.contains(#"<a href="/library/category-8?page=2" rel="next">"#) == true)
    }

    @Test(arguments: [
        ("?page=40", 404, "/library/category-8?page=39"),
        ("?page=0", 404, "/library/category-8"),
        ("?page=abc", 404, "/library/category-8"),
        ("?page=02", 404, "/library/category-8"),
        ("?page=1", 308, "/library/category-8"),
        ("?page=%32", 308, "/library/category-8?page=2"),
        ("?x=1&page=%33", 308, "/library/category-8?page=3&x=1"),
    ])
    func pagesOutsideTheListAre404AndOtherSpellings308(_ query: String, _ status: Int, _ target: String) throws {
        let app = try TestApp(demoData: .library)
        let response = try app.client().get(Self.periodicals + query)
        #expect(response.status == status, "\(query)")
        if status == 308 {
            #expect(response.location == target)
        } else {
            #expect(response.text.contains(#"href="\#(target)""#), "\(query) offers \(target)")
        }
    }

    @Test func selectingAnItemKeepsItsPageAndBackReturnsToIt() throws {
        let app = try TestApp(demoData: .library)
        let client = app.client()
        let list = try client.get(Self.periodicals + "?page=3")
        let link = try #require(Self.itemLinks(list.text).dropFirst(9).first)
        #expect(link == "/library/category-8/items/460")

        let item = try client.get(link)
        #expect(item.status == 200)
        // The list beside the item is still page 3, with the item marked in it.
        #expect(Self.itemLinks(item.text) == Self.itemLinks(list.text))
        #expect(item.text.contains(#"<li><a href="/library/category-8/items/460" aria-current="page">"#))
        #expect(Self.pager(item.text)?.contains(#"<a href="/library/category-8?page=3" aria-current="page">"#) == true)
        #expect(item.text.contains(#"<a class="back-link" href="/library/category-8?page=3">"#))

        // Another tab, then the Library tab: the item, and its page, come back.
        let flow = try client.get("/flow")
        #expect(flow.text.contains(#"href="/library/category-8/items/460""#))
        // A cold deep link to the item finds the same page.
        let cold = try app.client().get(link)
        #expect(Self.itemLinks(cold.text) == Self.itemLinks(list.text))
        // Back: the list on its page, nothing selected.
        let back = try client.get(Self.periodicals + "?page=3")
        #expect(!back.text.contains(#"aria-current="page"><span class="item-title">"#))
        #expect(try client.get("/").location == Self.periodicals + "?page=3")
    }

    @Test func theLibraryDataIsEscapedAndTheLibraryURLRedirects() throws {
        let app = try TestApp(demoData: .library)
        let client = app.client()
        let home = try client.get("/library")
        #expect(home.status == 308)
        #expect(home.location == "/library/category-1")
        let computing = try client.get("/library/category-7").text
        #expect(computing.contains("Swift Generics: From Array&lt;Element&gt; to some Collection"))
        #expect(!computing.contains("Array<Element>"))
        let science = try client.get("/library/category-4/items/171").text
        #expect(science.contains("&quot;Surely You&#39;re Joking, Mr. Feynman!&quot;"))
        let novels = try client.get("/library/category-1").text
        #expect(novels.contains("Pride &amp; Prejudice"))
        #expect(novels.contains("Les Misérables"))
        #expect(novels.contains("Фёдор Достоевский, 1866"))
    }

    /// Every link of a few pages, followed once: none answers a redirect (a 308 to the same screen's
    /// other URL), so the browser never takes a detour.
    @Test func noPageLinksToAURLThatRedirects() throws {
        let app = try TestApp(demoData: .library)
        let client = app.client()
        try client.signIn()
        var links: Set<String> = []
        for path in [Self.periodicals + "?page=3", "/library/category-8/items/460/options", "/flow/secondary1", "/screen",
                     "/library/settings", "/_navigation", "/library/category-2/items/55/delete", "/library/category-8/items/new"] {
            let page = try client.get(path)
            #expect(page.status == 200, "\(path)")
            links.formUnion(Self.hrefs(page.text).filter { $0.hasPrefix("/") && !$0.hasPrefix("//") })
        }
        #expect(links.count > 60)
        let follower = app.client()
        try follower.signIn()
        for link in links.sorted() where !link.hasSuffix(".css") && !link.hasSuffix(".svg") && !link.hasSuffix(".js")
            && !link.contains("icons.svg")
        {
            let target = link.replacingOccurrences(of: "&amp;", with: "&")
            let response = try follower.get(target)
            #expect(response.status != 308 && response.status != 301, "\(target) redirects to \(response.location ?? "")")
        }
    }
}

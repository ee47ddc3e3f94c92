import Testing
@testable import Web

/// A list's rows and the sidebar's links are rendered apart from the page (`partials/item-rows`,
/// `partials/category-links`) and kept while they stay the same: a kept fragment reads exactly
/// like a fresh one, and any change to what it shows shows.
@Suite struct KeptFragmentsTests {
    /// The page without its masked CSRF tokens, which differ on every render.
    func unmasked(_ page: WebClient.Response) -> String {
        page.text.replacing(/name="csrfToken" value="[^"]*"/, with: "csrfToken")
    }

    @Test func aListShownAgainReadsTheSameAsTheFirstTime() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        _ = try client.get("/library/category-1")  // takes the one-time "Signed in" notice
        let first = try client.get("/library/category-2/items/57/details")
        let again = try client.get("/library/category-2/items/57/details")
        #expect(first.status == 200)
        #expect(first.text.contains(#"<li id="item-57"><a href="/library/category-2/items/57" aria-current="page">"#))
        #expect(unmasked(again) == unmasked(first))
    }

    @Test func aNewItemTheSelectionAndAFavouriteShowInAListShownBefore() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let before = try client.get("/library/category-3")
        #expect(!before.text.contains(#"<span class="favourite""#))
        #expect(before.text.contains(#"<span class="count" title="50 items">50<"#))
        _ = try client.submit("/library/category-3/items/101/options", form: [("intent", "favourite")])
        #expect(try client.get("/library/category-3").text.contains(#"Item 1 &lt;3&gt; <span class="favourite""#))
        // The category's 50 items fill its first page: the new one is the first of page 2.
        #expect(try client.get("/library/category-3?page=2").status == 404)
        let added = try client.submit("/library/category-3/items/new", form: [("title", "A <fresh> row"), ("subtitle", "")])
        let item = try #require(added.location)
        #expect(try client.get("/library/category-3?page=2").status == 200)
        let list = try client.get("/library/category-3?page=2")
        #expect(list.text.contains(#"Category 3</span> <span class="count" title="51 items">51<"#))
        #expect(list.text.contains("A &lt;fresh&gt; row</span>"))
        #expect(!list.text.contains(#"aria-current="page"><span class="item-title">"#))
        #expect(try client.get(item).text.contains(#"aria-current="page"><span class="item-title">A &lt;fresh&gt; row"#))
        _ = try client.submit(item + "/options", form: [("intent", "favourite")])
        #expect(try client.get("/library/category-3?page=2").text.contains(#"A &lt;fresh&gt; row <span class="favourite""#))
    }

    @Test func anEmptyListSaysSoAndHasNoRows() throws {
        let app = try TestApp(demoData: .shelf(0))
        let client = app.client()
        try client.signIn()
        let page = try client.get("/library/shelf")
        #expect(page.status == 200)
        #expect(page.text.contains("<ul class=\"item-list\" id=\"item-list\" data-scroll-key=\"/library/shelf\">\n</ul>\n<p class=\"empty\">No items in this category yet.</p>"))
    }
}

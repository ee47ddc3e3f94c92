import Testing
@testable import Web

/// "Back to the list" opens the list at the item the user came from: the link carries the row's
/// anchor, and every row has one.
@Suite struct BackToListTests {
    @Test func theBackLinkNamesTheItemsRow() throws {
        let app = try TestApp()
        let page = try app.client().get("/library/category-1/items/3")
        #expect(page.status == 200)
        #expect(page.text.contains(#"class="back-link" href="/library/category-1#item-3""#))
        #expect(page.text.contains(#"<li id="item-3">"#))
    }
}

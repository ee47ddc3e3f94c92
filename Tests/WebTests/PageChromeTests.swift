import Testing
@testable import Web

/// The markup around the screens: the Library's empty detail pane, the favicon and tab icons, the
/// inspector's pictures, and the error summary taking the focus without script.
@Suite struct PageChromeTests {
    @Test func aCategoryWithoutASelectedItemShowsAPlaceholderInTheDetailPane() throws {
        let app = try TestApp()
        let page = try app.client().get("/library/category-3").text
        #expect(page.contains(#"<div class="pane pane--placeholder" id="detail-placeholder">"#))
        #expect(page.contains("Select an item to see its details"))
        #expect(!page.contains(#"id="detail-pane""#))
    }

    @Test func aSelectedItemReplacesThePlaceholder() throws {
        let app = try TestApp()
        let page = try app.client().get("/library/category-3/items/107").text
        #expect(page.contains(#"id="detail-pane""#))
        #expect(!page.contains("Select an item to see its details"))
    }

    @Test func theLibraryKeepsItsBreadcrumbRowWithOrWithoutASelection() throws {
        let app = try TestApp()
        let client = app.client()
        let category = try client.get("/library/category-3").text
        #expect(category.contains(#"<nav class="breadcrumbs" id="breadcrumbs" aria-label="Breadcrumb">"#))
        #expect(category.contains(#"<li><span aria-current="page">Category 3</span></li>"#))
        let item = try client.get("/library/category-3/items/107").text
        #expect(item.contains(#"<nav class="breadcrumbs" id="breadcrumbs" aria-label="Breadcrumb">"#))
        // Elsewhere a root screen still has no row.
        #expect(!(try client.get("/flow").text.contains(#"id="breadcrumbs""#)))
    }

    @Test func everyPageLinksTheFaviconAndDrawsAnIconPerTab() throws {
        let app = try TestApp()
        let page = try app.client().get("/flow").text
        #expect(page.contains(#"<link rel="icon" href="/favicon.svg" type="image/svg+xml">"#))
        for tab in ["library", "flow", "screen"] {
            #expect(page.contains(#"<svg class="tab-icon" aria-hidden="true"><use href="/icons.svg#\#(tab)"/></svg>"#))
        }
        #expect(page.contains(#"</svg>Library</a>"#) && page.contains(#"</svg>Flow</a>"#) && page.contains(#"</svg>Screen</a>"#))
    }

    @Test(arguments: ["/favicon.svg", "/icons.svg"])
    func theIconsAreServedAsSVG(path: String) throws {
        let app = try TestApp()
        let response = try app.client().get(path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/svg+xml")
        #expect(response.text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func theSpriteHoldsASymbolPerTab() throws {
        let app = try TestApp()
        let sprite = try app.client().get("/icons.svg").text
        for tab in ["library", "flow", "screen"] { #expect(sprite.contains(#"<symbol id="\#(tab)""#)) }
    }

    @Test func theInspectorDrawsTheTreeAndStacksAsHiddenPicturesBesideTheText() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/flow/secondary1/tertiary")
        _ = try client.get("/screen/sheet")
        let page = try client.get("/_navigation").text
        let pictures = page.components(separatedBy: #"<svg class="diagram" viewBox="0 0 "#).count - 1
        #expect(pictures == 3)  // the tree, the Flow stack, the Screen stack (the Library was never opened)
        #expect(!page.contains(#"<svg class="diagram" viewBox="0 0 0"#))
        #expect(page.components(separatedBy: #"aria-hidden="true">"#).count - 1 >= pictures)
        #expect(page.contains(#"<text x="10" y="19">AppCoordinator</text>"#))
        #expect(page.contains(">/flow/secondary1/tertiary</text>"))
        #expect(page.contains(#"<g class="diagram-box diagram-box--active diagram-box--sheet">"#))
        #expect(page.contains(">/screen/sheet</text>"))
        // The text view stays for screen readers.
        #expect(page.contains(#"<pre class="tree">"#) && page.contains("<li class=\"stack-top\">/flow/secondary1/tertiary</li>"))
    }

    @Test func theInspectorsEventsScrollInTheirOwnLabelledBox() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/flow/secondary1")
        let page = try client.get("/_navigation").text
        #expect(page.contains(#"<div class="events-scroll" role="region" aria-labelledby="events-title" tabindex="0">"#))
    }

    @Test func aRefusedSignInFocusesTheErrorSummaryWithoutScript() throws {
        let app = try TestApp()
        let response = try app.client().submit("/login", form: [("username", "nobody"), ("password", "")])
        #expect(response.status == 422)
        #expect(response.text.contains(
            #"<div class="error-summary" id="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>"#))
        #expect(response.text.components(separatedBy: " autofocus").count == 2)
    }
}

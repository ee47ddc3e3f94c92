import Testing

/// One URL per screen over HTTP: other spellings of a screen's URL answer 308 to the printed one,
/// printed URLs answer directly, POSTs are never redirected and no Location leaves the site.
@Suite struct CanonicalURLTests {
    @Test(arguments: [
        ("/library/%63ategory-3", "/library/category-3"),
        ("/library/category%2D3", "/library/category-3"),
        ("/library/%63ategory-3?view=1", "/library/category-3?view=1"),
        ("/library/%63ategory-3/items/107", "/library/category-3/items/107"),
        ("/library/category%2d3/items/107/options", "/library/category-3/items/107/options"),
        ("/reset-password/%61bc", "/reset-password/abc"),
        // Fixed words and item numbers in another spelling are the same URL (RFC 3986 6.2.2.2).
        ("/library/category-3/items/107/%6Fptions", "/library/category-3/items/107/options"),
        ("/library/category-3/%69tems/%31%30%37", "/library/category-3/items/107"),
        ("/%66low/%73econdary1", "/flow/secondary1"),
        ("/screen/%64etail", "/screen/detail"),
        // One URL per screen: the Overview is the item's own URL; a trailing slash is dropped.
        ("/library/category-3/items/107/overview", "/library/category-3/items/107"),
        ("/flow/", "/flow"),
        ("/flow/secondary1/", "/flow/secondary1"),
        ("/library/category-3/", "/library/category-3"),
        ("/screen/?x=1", "/screen?x=1"),
        // `/library` names the first category's list (a new visitor's), which has a URL of its own.
        ("/library", "/library/category-1"),
        // The first page is the list's own URL; another spelling of a page number is the printed one.
        ("/library/category-3?page=1", "/library/category-3"),
        ("/library/category-3?view=1&page=1", "/library/category-3?view=1"),
        ("/library/%63ategory-3?page=1", "/library/category-3"),
    ])
    func anotherSpellingIsRedirectedToTheCanonicalURL(path: String, location: String) throws {
        let app = try TestApp()
        let client = app.client()
        for method in ["GET", "HEAD"] {
            let response = try client.request(method, path)
            #expect(response.status == 308, "\(method) \(path)")
            #expect(response.location == location, "\(method) \(path)")
            #expect(response.header("Set-Cookie") == nil)  // no session for a redirect
        }
    }

    @Test(arguments: [
        "/library/category-1", "/library/category-3", "/library/category-3/items/107", "/library/category-3/items/107/details",
        "/library/settings", "/flow/secondary1/tertiary", "/screen/sheet", "/login", "/login?next=/flow",
        "/library/category-3?view=1", "/_navigation",
    ])
    func aCanonicalURLAnswersWithoutARedirect(path: String) throws {
        let app = try TestApp()
        let response = try app.client().get(path)
        #expect(response.status == 200, "\(path)")
        #expect(response.location == nil)
    }

    @Test(arguments: ["//evil.com", "//evil.com/library", "/\\evil.com", "/%2F%2Fevil.com", "/%2f/evil.com",
                      "/library//evil.com", "/library/%2F%2Fevil.com", "/library/%2f%2fevil.com"])
    func noRedirectLeavesTheSite(path: String) throws {
        let app = try TestApp()
        let response = try app.client().get(path)
        if let location = response.location {
            #expect(location.hasPrefix("/library/"), "\(path) → \(location)")
            #expect(!location.hasPrefix("//") && !location.hasPrefix("/\\"))
        } else {
            #expect([400, 404].contains(response.status), "\(path): \(response.status)")
        }
    }

    @Test func aPostToAnotherSpellingIsNotRedirected() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let added = try client.submit(
            "/library/%63ategory-3/items/new", form: [("title", "Spelled differently"), ("subtitle", "")],
            from: "/library/category-3/items/new")
        #expect(added.status == 303)  // handled as the route it names, not sent elsewhere without its body
        let item = try client.get(try #require(added.location))
        #expect(item.status == 200)
        #expect(item.text.contains("Spelled differently"))
    }
}

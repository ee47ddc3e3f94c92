import Testing
@testable import Web

@Suite struct DeepLinkTests {
    @Test func coldDeepLinkShowsTheScreenAndSetsASessionCookie() throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.get("/library/category-3/items/107/details")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.text.contains("Item 7 &lt;3&gt;"))
        #expect(response.text.contains("Value 1 of item 7"))
        #expect(response.text.contains("Subtitle of item 7 in Category 3 &amp; friends"))
        let cookie = try #require(response.header("Set-Cookie"))
        #expect(cookie.hasPrefix("waypoint_session="))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        #expect(!cookie.contains("Secure"))
    }

    static let contract = [
        "/library/category-1", "/library/category-3", "/library/category-3/items/107",
        "/library/category-3/items/107/details", "/library/category-3/items/107/options", "/library/settings",
        "/flow", "/flow/secondary1", "/flow/secondary2", "/flow/secondary1/tertiary",
        "/screen", "/screen/detail", "/screen/sheet",
        "/login", "/login?next=%2Flibrary%2Fcategory-3", "/register", "/forgot-password",
        "/forgot-password/sent", "/_navigation",
    ]

    @Test func aResetRequestLandsOnTheSentScreenWhateverTheAddress() throws {
        let app = try TestApp()
        for email in ["demo@example.com", "nobody@example.com"] {
            let client = app.client()
            let sent = try client.submit("/forgot-password", form: [("email", email)])
            #expect(sent.status == 303)
            #expect(sent.location == "/forgot-password/sent")
            let screen = try client.get("/forgot-password/sent")
            #expect(screen.text.contains("If an account exists for that email address"))
        }
        #expect(try app.client().request("POST", "/forgot-password/sent").status == 405)
    }

    @Test func aDeadResetLinkIs404WithAWayToANewOne() throws {
        let app = try TestApp()
        let response = try app.client().get("/reset-password/unknown-token")
        #expect(response.status == 404)
        #expect(response.text.contains("This reset link is invalid or has expired."))
        #expect(response.text.contains(#"href="/forgot-password""#))
    }

    @Test(arguments: contract)
    func everyScreenOfTheURLContractAnswersEscapedHTML(path: String) throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.get(path)
        #expect(response.status == 200, "\(path)")
        #expect(response.text.hasPrefix("<!DOCTYPE html>"))
        #expect(!response.text.contains("<3>"))
        #expect(response.text.contains("</html>"))
    }

    @Test(arguments: ["/library/category-3/items/new", "/library/category-3/items/107/delete"])
    func guardedScreensAnswerSignedIn(path: String) throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let response = try client.get(path)
        #expect(response.status == 200)
        #expect(response.text.contains("<dialog open"))
        #expect(!response.text.contains("<3>"))
    }

    @Test func rootRedirectsToTheLastLocation() throws {
        let app = try TestApp()
        let client = app.client()
        let first = try client.get("/")
        #expect(first.status == 303)
        #expect(first.location == "/library/category-1")  // not `/library`, which would redirect again
        _ = try client.get("/flow/secondary1/tertiary")
        let again = try client.get("/")
        #expect(again.status == 303)
        #expect(again.location == "/flow/secondary1/tertiary")
    }

    @Test(arguments: [
        ("/library/no-such-category", "/library/category-1"),
        ("/library/category-3?page=2", "/library/category-3"),
        ("/library/category-3?page=x", "/library/category-3"),
        ("/library/category-3/items/999999", "/library/category-3"),
        ("/library/category-3/items/107/nope", "/library/category-3/items/107"),
    ])
    func unknownPlacesAre404WithALinkToTheNearestScreen(path: String, nearest: String) throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.get(path)
        #expect(response.status == 404)
        #expect(response.text.contains(#"href="\#(nearest)""#), "\(path)")
        #expect(response.text.contains("Page not found"))
        // A cold 404 keeps no session.
        #expect(response.header("Set-Cookie") == nil)
    }

    @Test func restartKeepsTheSameScreensAndTabStacks() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/flow/secondary1/tertiary")
        _ = try client.get("/screen/detail")
        let before = try client.get("/library/category-2/items/55/details")
        #expect(before.status == 200)
        let cookie = try #require(client.sessionCookie)

        let restarted = try app.restarted()
        let replay = restarted.client()
        replay.sessionCookie = cookie
        let root = try replay.get("/")
        #expect(root.status == 303)
        #expect(root.location == "/library/category-2/items/55/details")
        let after = try replay.get("/library/category-2/items/55/details")
        #expect(after.status == 200)
        #expect(after.header("Set-Cookie") == nil)
        #expect(after.text.contains(#"href="/flow/secondary1/tertiary""#))
        #expect(after.text.contains(#"href="/screen/detail""#))
    }

    @Test func healthzAnswersWithoutASession() throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "ok")
        #expect(response.header("Set-Cookie") == nil)
        let styles = try client.get("/styles.css")
        #expect(styles.status == 200)
        #expect(styles.header("Set-Cookie") == nil)
        #expect(app.application.sessionCount == 0)
        let post = try client.request("POST", "/healthz")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        #expect(post.text.contains("<html"))
        #expect(post.header("Content-Security-Policy") != nil)
    }
}

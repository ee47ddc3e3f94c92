import Foundation
import Services
import Testing
@testable import Web

@Suite struct SessionTests {
    @Test func signingInRotatesTheSessionID() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/library/category-1")
        let before = try #require(client.sessionCookie)
        let response = try client.signIn()
        #expect(response.status == 303)
        let after = try #require(client.sessionCookie)
        #expect(after != before)
        // The id seen before sign-in is worth nothing now.
        let old = app.client()
        old.sessionCookie = before
        let page = try old.get("/library/category-1")
        #expect(!page.text.contains("Signed in as"))
        #expect(page.header("Set-Cookie") != nil)
    }

    @Test func signingOutEndsTheSessionServerSide() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let signedIn = try client.get("/library/category-1")
        #expect(signedIn.text.contains("Signed in as"))
        let cookie = try #require(client.sessionCookie)
        let logout = try client.post("/logout", form: [("csrfToken", signedIn.csrfToken ?? "")])
        #expect(logout.status == 303)
        #expect(client.sessionCookie != cookie)
        #expect(!(try client.get("/library/category-1").text.contains("Signed in as")))
        let replay = app.client()
        replay.sessionCookie = cookie
        let page = try replay.get("/library/category-1")
        #expect(!page.text.contains("Signed in as"))
    }

    @Test func resettingThePasswordEndsTheUsersOtherSessions() throws {
        let app = try TestApp()
        let laptop = app.client()
        try laptop.signIn()
        #expect(try laptop.get("/library/category-1").text.contains("Signed in as"))

        let phone = app.client()
        let request = try phone.submit("/forgot-password", form: [("email", "demo@example.com")])
        #expect(request.status == 303)
        let mail = try #require(app.outbox.last)
        let path = try #require(mail.range(of: "/reset-password/").map { start in
            String(mail[start.lowerBound...].prefix { !$0.isWhitespace })
        })
        let reset = try phone.submit(path, form: [("password", "a-brand-new-password"), ("confirmation", "a-brand-new-password")])
        #expect(reset.status == 303)
        #expect(try phone.get("/library/category-1").text.contains("Signed in as"))
        #expect(!(try laptop.get("/library/category-1").text.contains("Signed in as")))
        let old = try app.client().signIn()
        #expect(old.status == 422)
        let new = try app.client().signIn(password: "a-brand-new-password")
        #expect(new.status == 303)
    }

    @Test func repeatedLoginFailuresAre429WithRetryAfter() throws {
        var options = TestApp.defaultOptions
        options.loginThrottle = .init(maxFailuresPerAccountAndAddress: 3, maxFailuresPerAddress: 100, window: 60)
        let app = try TestApp(options: options)
        let client = app.client()
        for _ in 0..<3 {
            #expect(try client.signIn(password: "not-the-password").status == 422)
        }
        let limited = try client.signIn(password: "not-the-password")
        #expect(limited.status == 429)
        let wait = try #require(limited.header("Retry-After").flatMap(Int.init))
        #expect(wait > 0 && wait <= 60)
        #expect(limited.text.contains("Too many attempts"))
        // Even the right password waits.
        #expect(try client.signIn().status == 429)
    }

    @Test func failuresFromOneAddressAcrossAccountsAreThrottled() throws {
        var options = TestApp.defaultOptions
        options.loginThrottle = .init(maxFailuresPerAccountAndAddress: 100, maxFailuresPerAddress: 3, window: 60)
        let app = try TestApp(options: options)
        let client = app.client()
        for name in ["alice", "bob", "carol"] {
            #expect(try client.signIn(username: name, password: "not-the-password").status == 422)
        }
        #expect(try client.signIn().status == 429)
    }

    @Test func theSessionCapEvictsTheLeastRecentlyUsed() throws {
        var options = TestApp.defaultOptions
        options.maxVisitorSessions = 3
        options.sessionShards = 1
        let app = try TestApp(options: options)
        let clients = (0..<4).map { _ in app.client() }
        for client in clients.prefix(3) { _ = try client.get("/flow/secondary1") }
        _ = try clients[0].get("/flow/secondary2")  // the first is now the most recent
        _ = try clients[3].get("/flow")  // evicts the second
        #expect(app.application.sessionCount == 3)
        let first = try clients[0].get("/")
        #expect(first.location == "/flow/secondary2")
        #expect(first.header("Set-Cookie") == nil)
        let second = try clients[1].get("/")
        #expect(second.location == "/library/category-1")
        #expect(second.header("Set-Cookie") != nil)
    }

    @Test func idleSessionsExpire() throws {
        let now = Clock()
        var options = TestApp.defaultOptions
        options.sessionIdleTimeout = .seconds(60)
        options.clock = { now.date }
        let app = try TestApp(options: options)
        let client = app.client()
        _ = try client.get("/flow/secondary1")
        now.advance(30)
        #expect(try client.get("/").location == "/flow/secondary1")
        now.advance(61)
        let expired = try client.get("/")
        #expect(expired.location == "/library/category-1")
        #expect(expired.header("Set-Cookie") != nil)
    }

    @Test func htmlResponsesCarryTheSecurityHeaders() throws {
        let app = try TestApp()
        let client = app.client()
        for response in [try client.get("/library/category-1"), try client.get("/nowhere"), try client.request("DELETE", "/library")] {
            let policy = try #require(response.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "same-origin")
            #expect(response.header("X-Frame-Options") == "DENY")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("Strict-Transport-Security") == nil)
        }
    }

    @Test(arguments: [("PUT", "/library", "GET, HEAD"), ("DELETE", "/login", "GET, HEAD, POST"), ("POST", "/flow", "GET, HEAD")])
    func otherMethodsAre405WithAllow(method: String, path: String, allow: String) throws {
        let app = try TestApp()
        let response = try app.client().request(method, path, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(response.status == 405)
        #expect(response.header("Allow") == allow)
        #expect(response.text.contains("Method not allowed"))
    }

    @Test func headAnswersWithoutABody() throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.request("HEAD", "/library/category-3")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(Int(response.header("Content-Length") ?? "0") ?? 0 > 1000)
    }

    @Test func deletingAnItemPrunesOtherSessionsStacks() throws {
        let app = try TestApp()
        let viewer = app.client()
        _ = try viewer.get("/library/category-4/items/160/details")
        let editor = app.client()
        try editor.signIn()
        let delete = try editor.submit("/library/category-4/items/160/delete", form: [])
        #expect(delete.status == 303)
        let root = try viewer.get("/")
        #expect(root.location == "/library/category-4")
    }

    /// A clock tests move by hand.
    @Test func theSessionCookieOutlivesTheBrowserAndSlidesWithUse() throws {
        let now = Clock()
        var options = TestApp.defaultOptions
        options.clock = { now.date }
        let app = try TestApp(options: options)
        let client = app.client()
        // A visitor's cookie lives as long as a visitor's session may idle: a day.
        let first = try client.get("/flow")
        #expect(first.header("Set-Cookie")?.contains("Max-Age=86400") == true)
        now.advance(3600)
        #expect(try client.get("/flow").header("Set-Cookie") == nil)
        now.advance(12 * 3600)
        let refreshed = try client.get("/flow")
        #expect(refreshed.header("Set-Cookie")?.contains("Max-Age=86400") == true)
        #expect(try client.get("/flow").header("Set-Cookie") == nil)
        // Signed in, 30 days, renewed after a day of use.
        let signedIn = try client.signIn()
        #expect(signedIn.header("Set-Cookie")?.contains("Max-Age=2592000") == true)
        now.advance(12 * 3600)
        #expect(try client.get("/flow").header("Set-Cookie") == nil)
        now.advance(12 * 3600)
        #expect(try client.get("/flow").header("Set-Cookie")?.contains("Max-Age=2592000") == true)
    }

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_790_000_000)
        var date: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }
}

import Foundation
import RedisClient
import Testing
import TestSupport
@testable import Web

/// Two Waypoints sharing one redis-server, as two instances behind a load balancer: a browser may
/// land on either for any request.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedStateTests {
    let server: RedisServer

    init() throws {
        server = try RedisServer()
    }

    /// No reconnect backoff, so the first request after a restart connects.
    func instance() throws -> TestApp {
        var redis = try RedisConfiguration(url: server.url())
        (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.zero, .zero)
        return try TestApp(redis: redis)
    }

    @Test func aSessionSignedInOnOneInstanceIsSignedInOnTheOther() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        try browser.signIn()
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
        browser.disconnect()
        browser.port = second.port
        let page = try browser.get("/library/category-1")
        #expect(page.status == 200)
        #expect(page.text.contains("Signed in as"))
    }

    /// A form's receipt is in Redis before its 303: the same body resent to the other instance
    /// answers the same 303 and adds nothing.
    @Test func aFormResentToTheOtherInstanceAddsNothing() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        try browser.signIn()
        let form = try browser.get("/library/category-3/items/new")
        let body = [("csrfToken", try #require(form.csrfToken)), ("title", "Sent to both"), ("subtitle", "")]
        let added = try browser.post("/library/category-3/items/new", form: body)
        #expect(added.status == 303)
        browser.disconnect()
        browser.port = second.port
        let resent = try browser.post("/library/category-3/items/new", form: body)
        #expect(resent.status == 303)
        #expect(resent.location == added.location, "the other instance took the resend as a new submission")
        #expect(second.application.services.catalog.items(in: .init("category-3")).filter { $0.title == "Sent to both" }.count == 1)
    }

    @Test func signingOutOnOneInstanceEndsTheSessionOnTheOther() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        try browser.signIn()
        let signedIn = try browser.get("/library/category-1")
        #expect(signedIn.text.contains("Signed in as"))
        let cookie = try #require(browser.sessionCookie)
        // The same cookie, used on the second instance, which now holds the session in memory too.
        let other = second.client()
        other.sessionCookie = cookie
        let page = try other.get("/library/category-1")
        #expect(page.text.contains("Signed in as"))
        let logout = try other.post("/logout", form: [("csrfToken", page.csrfToken ?? "")])
        #expect(logout.status == 303)
        // The first instance still has the session in memory, and must not serve it signed in.
        let replay = first.client()
        replay.sessionCookie = cookie
        #expect(!(try replay.get("/library/category-1").text.contains("Signed in as")))
    }

    @Test func aVisitorsSessionStartedOnOneInstanceSignsInOnTheOther() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        let token = try #require(try browser.get("/login").csrfToken)
        #expect(browser.sessionCookie != nil)
        browser.disconnect()
        browser.port = second.port
        let answer = try browser.post("/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")])
        #expect(answer.status == 303)
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func navigationFollowsTheSessionFromInstanceToInstance() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        try browser.signIn()
        #expect(try browser.get("/flow/secondary1/tertiary").status == 200)
        browser.disconnect()
        browser.port = second.port
        // The Flow tab leads back where it was left, on the instance that did not serve it.
        #expect(try browser.get("/library/category-3").text.contains("href=\"/flow/secondary1/tertiary\""))
        #expect(try browser.get("/flow/secondary1").status == 200)
        browser.disconnect()
        browser.port = first.port
        // The first instance still holds the session from before, and takes the newer state.
        let resume = try browser.get("/")
        #expect(resume.status == 303)
        #expect(resume.location == "/flow/secondary1")
        #expect(try browser.get("/library/category-1").text.contains("href=\"/flow/secondary1\""))
    }

    @Test func anItemCreatedOnOneInstanceIsSeenOnTheOther() throws {
        let (first, second) = (try instance(), try instance())
        let browser = first.client()
        try browser.signIn()
        let created = try browser.submit(
            "/library/category-3/items/new", form: [("title", "Made on the first"), ("subtitle", "")])
        #expect(created.status == 303)
        let location = try #require(created.location)
        let page = try second.client().get(location)
        #expect(page.status == 200)
        #expect(page.text.contains("Made on the first"))
    }

    @Test func registeringOnOneInstanceTakesTheUsernameOnTheOther() throws {
        let (first, second) = (try instance(), try instance())
        let form = [("username", "shared"), ("email", "shared@example.com"), ("password", "a long password"),
                    ("confirmation", "a long password")]
        #expect(try first.client().submit("/register", form: form).status == 303)
        let again = try second.client().submit(
            "/register", form: [("username", "SHARED"), ("email", "other@example.com"), ("password", "a long password"),
                                ("confirmation", "a long password")])
        #expect(again.status == 422)
    }

    @Test func aWriteRedisRefusesAnswers503WithRetryAfter() throws {
        let app = try instance()
        let browser = app.client()
        try browser.signIn()
        let token = try #require(try browser.get("/library/category-3/items/new").csrfToken)
        let admin = try RedisConnection(configuration: RedisConfiguration(url: server.url()))
        defer { admin.close() }
        // Reads still work, every write is refused (OOM): as when Redis fails between the two.
        _ = try admin.send(RedisCommand("CONFIG", "SET", "maxmemory", "1"))
        let refused = try browser.post("/library/category-3/items/new", form: [("csrfToken", token), ("title", "Refused"), ("subtitle", "")])
        _ = try admin.send(RedisCommand("CONFIG", "SET", "maxmemory", "0"))
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "2")
        let accepted = try browser.post("/library/category-3/items/new", form: [("csrfToken", token), ("title", "Accepted"), ("subtitle", "")])
        #expect(accepted.status == 303)
    }

    /// A balancer sends an instance that is not ready no pages, so readiness itself must try Redis again.
    @Test func anInstanceOutOfRotationTurnsReadyAgainWhenRedisReturns() throws {
        let app = try instance()
        let probe = app.client()
        #expect(try probe.get("/readyz").status == 200)
        server.kill()
        #expect(try app.client().get("/library/category-1").status == 503)
        #expect(try probe.get("/readyz").status == 503)
        try server.start()
        // Only readiness checks from here on, as from a load balancer; each may start one PING.
        let deadline = ContinuousClock.now + .seconds(10)
        var status = 503
        while status != 200 && ContinuousClock.now < deadline {
            status = try probe.get("/readyz").status
        }
        #expect(status == 200)
    }

    @Test func pagesAnswer503QuicklyWhileRedisIsDownAndRecoverWhenItReturns() throws {
        let app = try instance()
        let browser = app.client()
        try browser.signIn()
        server.kill()
        let started = ContinuousClock.now
        let page = try browser.get("/library/category-1")
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(page.status == 503)
        #expect(page.header("Retry-After") != nil)
        #expect(try app.client().get("/healthz").status == 200)
        try server.start()
        let back = try browser.get("/library/category-1")
        #expect(back.status == 200)
        #expect(back.text.contains("Signed in as"))
    }
}

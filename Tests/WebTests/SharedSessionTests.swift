import Foundation
import RedisClient
@testable import RedisState
import Testing
import TestSupport
@testable import Web

/// Sessions held by several instances at once: revocation reaches all of them, and a save made
/// from a stale copy never overwrites a newer one.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedSessionTests {
    let redis: RedisTestApps

    init() throws {
        redis = try RedisTestApps()
    }

    @Test func resettingThePasswordEndsTheUsersSessionsOnOtherInstances() throws {
        let (first, second) = (try redis.instance(), try redis.instance())
        let laptop = second.client()
        try laptop.signIn()
        #expect(try laptop.get("/library/category-1").text.contains("Signed in as"))
        // Another session of the same user, held by both instances.
        let tablet = first.client()
        try tablet.signIn()
        #expect(try tablet.get("/library/category-1").text.contains("Signed in as"))
        let tabletOnSecond = second.client()
        tabletOnSecond.sessionCookie = tablet.sessionCookie
        #expect(try tabletOnSecond.get("/library/category-1").text.contains("Signed in as"))

        let phone = first.client()
        #expect(try phone.submit("/forgot-password", form: [("email", "demo@example.com")]).status == 303)
        let mail = try #require(redis.outbox(of: [first, second]).last)
        let path = try #require(mail.range(of: "/reset-password/").map { start in
            String(mail[start.lowerBound...].prefix { !$0.isWhitespace })
        })
        let reset = try phone.submit(path, form: [("password", "a-brand-new-password"), ("confirmation", "a-brand-new-password")])
        #expect(reset.status == 303)
        #expect(try phone.get("/library/category-1").text.contains("Signed in as"))
        // Each instance refuses the ended sessions at their next request, whichever held them.
        #expect(!(try laptop.get("/library/category-1").text.contains("Signed in as")))
        #expect(!(try tabletOnSecond.get("/library/category-1").text.contains("Signed in as")))
        #expect(!(try tablet.get("/library/category-1").text.contains("Signed in as")))
        let phoneOnSecond = second.client()
        phoneOnSecond.sessionCookie = phone.sessionCookie
        #expect(try phoneOnSecond.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func aSaveFromAStaleCopyDoesNotOverwriteANewerOne() throws {
        let (first, second) = (try redis.instance(), try redis.instance())
        let browser = first.client()
        try browser.signIn()
        _ = try browser.get("/library/category-1")
        let cookie = try #require(browser.sessionCookie)
        let sameBrowserOnSecond = second.client()
        sameBrowserOnSecond.sessionCookie = cookie
        _ = try sameBrowserOnSecond.get("/library/category-1")
        // Both instances now hold a copy. A page on the first moves a tab and saves it at once, so
        // the second's copy is stale; a change it then makes without a request (as pruning after a
        // catalog change does) is saved by its periodic save, which must not overwrite the newer one.
        _ = try browser.get("/flow/secondary1")
        let stale = try #require(second.application.archive.sessions.allSessions().first { $0.id == cookie })
        second.application.archive.sessions.markChanged(stale)
        second.application.archive.save()

        let third = try redis.instance()
        let reader = third.client()
        reader.sessionCookie = cookie
        let saved = try reader.get("/library/category-1").tabLinks
        #expect(saved.contains("/flow/secondary1"), "\(saved)")
        // The instance whose save lost serves the saved state from now on.
        let reloaded = try sameBrowserOnSecond.get("/library/category-1").tabLinks
        #expect(reloaded.contains("/flow/secondary1"), "\(reloaded)")
    }

    @Test func anInstanceServesTheNewestSavedStateOfASessionItHolds() throws {
        let (first, second) = (try redis.instance(), try redis.instance())
        let browser = first.client()
        try browser.signIn()
        let sameBrowserOnSecond = second.client()
        sameBrowserOnSecond.sessionCookie = browser.sessionCookie
        #expect(try sameBrowserOnSecond.get("/library/category-1").tabLinks.contains("/flow"))
        _ = try browser.get("/flow/secondary1/tertiary")
        first.application.archive.save()
        let links = try sameBrowserOnSecond.get("/library/category-1").tabLinks
        #expect(links.contains("/flow/secondary1/tertiary"), "\(links)")
    }

    @Test func aVisitorsSessionEndedElsewhereIsNotBroughtBackByASave() throws {
        let (first, second) = (try redis.instance(), try redis.instance())
        let browser = first.client()
        _ = try browser.get("/flow/secondary1")
        first.application.archive.save()
        let visitorCookie = try #require(browser.sessionCookie)
        let sameBrowserOnSecond = second.client()
        sameBrowserOnSecond.sessionCookie = visitorCookie
        #expect(try sameBrowserOnSecond.get("/flow").status == 200)
        // Signing in on the first ends the visitor id; the second's copy changed meanwhile.
        try browser.signIn()
        _ = try sameBrowserOnSecond.get("/screen/detail")
        second.application.archive.save()
        let third = try redis.instance()
        let replay = third.client()
        replay.sessionCookie = visitorCookie
        let page = try replay.get("/library/category-1")
        #expect(page.header("Set-Cookie") != nil)
        #expect(!page.tabLinks.contains("/screen/detail"))
    }
}

/// How the shared sessions are laid out in Redis.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedSessionLayoutTests {
    let redis: RedisTestApps

    init() throws {
        redis = try RedisTestApps()
    }

    func pool(of app: TestApp) throws -> RedisPool {
        try #require(app.application.services.redisStore?.pool)
    }

    @Test func theUsersListOfSessionsFollowsSignInAndSignOut() throws {
        let app = try redis.instance()
        let pool = try pool(of: app)
        let browser = app.client()
        try browser.signIn()
        let id = try #require(browser.sessionCookie)
        let lists = try #require(try pool.send(RedisCommand("KEYS", "waypoint:user-sessions:*")).array?.compactMap(\.string))
        #expect(lists.count == 1)
        let list = try #require(lists.first)
        #expect(try pool.send(RedisCommand("ZRANGE", list, "0", "-1")).array?.compactMap(\.string) == [id])
        let page = try browser.get("/library/category-1")
        #expect(try browser.post("/logout", form: [("csrfToken", page.csrfToken ?? "")]).status == 303)
        #expect(try pool.send(RedisCommand("ZRANGE", list, "0", "-1")).array?.compactMap(\.string) == [])
        #expect(try pool.send(RedisCommand("EXISTS", "waypoint:session:" + id)).integer == 0)
    }

    @Test func aSessionSavedByTheEarlierLayoutIsStillSignedIn() throws {
        let app = try redis.instance()
        let pool = try pool(of: app)
        let browser = app.client()
        try browser.signIn()
        let id = try #require(browser.sessionCookie)
        let key = "waypoint:session:" + id
        // What the earlier version stored: the record's JSON as a plain string.
        let json = try #require(try pool.send(RedisCommand("HGET", key, "r")).bytes)
        _ = try pool.send(RedisCommand("DEL", key))
        _ = try pool.send(RedisCommand("SET", [Array(key.utf8), json, Array("EX".utf8), Array("3600".utf8)]))
        let other = try redis.instance()
        let sameBrowserOnOther = other.client()
        sameBrowserOnOther.sessionCookie = id
        #expect(try sameBrowserOnOther.get("/library/category-1").text.contains("Signed in as"))
        #expect(try pool.send(RedisCommand("TYPE", key)).string == "hash")
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    /// One round trip to learn what changed elsewhere; one more only when the page changed the
    /// session (or started it), to save it before answering so the next request may go anywhere.
    @Test func aPageCostsOneRoundTripToRedisAndOneMoreWhenItChangesTheSession() throws {
        // No background round trips while pages are counted: the periodic save, the mail sweep and
        // the shared data check wait.
        var quiet = TestApp.defaultOptions
        (quiet.saveInterval, quiet.mailSweepInterval) = (.seconds(3600), .seconds(3600))
        quiet.sharedDataCheckInterval = .seconds(3600)
        let app = try redis.instance(options: quiet)
        #expect(redis.subscribed(app))
        let pool = app
        /// The page, and the round trips to Redis made while it was answered: on the workers'
        /// pool, or parked on the event loop's own connection.
        func page(_ client: WebClient, _ target: String, on app: TestApp) throws -> (WebClient.Response, Int) {
            let trips = { () throws -> Int in
                try self.pool(of: app).roundTrips + (app.application.responder.loopRedis?.roundTrips ?? 0)
            }
            // A sign-in tells the other instances after its answer (an EVAL from the live
            // events' own queue): the count starts once what earlier requests queued is sent.
            if let live = app.application.sharedLive {
                let sent = DispatchSemaphore(value: 0)
                live.afterSent { sent.signal() }
                #expect(sent.wait(timeout: .now() + 5) == .success)
            }
            let before = try trips()
            let response = try client.get(target)
            return (response, try trips() - before)
        }
        // A cookie-less visitor's first page: admission is counted in the same round trip; the new
        // session is saved.
        let visitor = app.client()
        let (first, firstTrips) = try page(visitor, "/library/category-1", on: pool)
        #expect(first.header("Set-Cookie") != nil)
        #expect(firstTrips == 2)
        let (next, nextTrips) = try page(visitor, "/flow", on: pool)
        #expect(next.status == 200)
        #expect(nextTrips == 2)
        let (again, againTrips) = try page(visitor, "/flow", on: pool)
        #expect(again.status == 200)
        #expect(againTrips == 1)
        // A signed-in session held here.
        let member = app.client()
        try member.signIn()
        _ = try member.get("/library/category-1")
        let (signedIn, signedInTrips) = try page(member, "/library/category-2", on: pool)
        #expect(signedIn.text.contains("Signed in as"))
        #expect(signedInTrips == 2)
        let (same, sameTrips) = try page(member, "/library/category-2", on: pool)
        #expect(same.text.contains("Signed in as"))
        #expect(sameTrips == 1)
        // The same session on an instance that does not hold it yet, at the page it was left on.
        let other = try redis.instance(options: quiet)
        #expect(redis.subscribed(other))
        let sameMemberOnOther = other.client()
        sameMemberOnOther.sessionCookie = member.sessionCookie
        let (loaded, loadedTrips) = try page(sameMemberOnOther, "/library/category-2", on: other)
        #expect(loaded.text.contains("Signed in as"))
        #expect(loadedTrips == 1)
    }
}

import Foundation
import Models
import RedisClient
import Testing
import TestSupport
@testable import Web

/// On Redis, a page parks on its event loop's pipelined Redis connection instead of blocking a
/// worker: once the loop's connection is up, pages cost the blocking pool no round trip at all.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class ParkedRequestTests {
    let apps: RedisTestApps

    init() throws {
        apps = try RedisTestApps()
    }


    @Test func pagesAreServedOnTheLoopsConnectionWithoutABlockingRoundTrip() throws {
        // No periodic work (saves, the mail sweep, the data check) to count among the pool's round trips.
        let app = try apps.instance(options: TestApp.quietRedisOptions)
        let browser = app.client()
        try browser.signIn()
        _ = try app.loopConnected()
        let pool = try #require(app.application.services.redisStore?.pool)
        let before = pool.roundTrips
        // Navigating changes the session: its save parks on the loop too.
        for path in ["/library/category-1", "/library/category-2", "/flow/secondary1", "/library/category-1/items/3"] {
            let page = try browser.get(path)
            #expect(page.status == 200)
            #expect(page.text.contains("Signed in as"))
        }
        #expect(pool.roundTrips == before)
    }

    @Test func aChangeSavedOnTheLoopIsSeenByTheOtherInstance() throws {
        let (first, second) = (try apps.instance(), try apps.instance())
        let browser = first.client()
        try browser.signIn()
        _ = try first.loopConnected()
        #expect(try browser.get("/flow/secondary1/tertiary").status == 200)
        browser.disconnect()
        browser.port = second.port
        #expect(try browser.get("/library/category-3").text.contains("href=\"/flow/secondary1/tertiary\""))
    }

    @Test func aNewVisitorsSessionStartedOnTheLoopSignsInOnTheOtherInstance() throws {
        let (first, second) = (try apps.instance(), try apps.instance())
        _ = try first.loopConnected()
        let browser = first.client()
        let token = try #require(try browser.get("/login").csrfToken)
        browser.disconnect()
        browser.port = second.port
        let answer = try browser.post("/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")])
        #expect(answer.status == 303)
    }

    @Test func anotherInstancesEditIsAppliedOnTheLoopFromTheChangeLog() throws {
        let options = TestApp.quietRedisOptions
        let (writer, reader) = (try apps.instance(options: options), try apps.instance(options: options))
        _ = try reader.loopConnected()
        let browser = reader.client()
        #expect(try browser.get("/library/category-1/items/3").status == 200)
        _ = try writer.application.services.catalog.updateItem(ItemID(3), with: ItemDraft(title: "Edited on the writer", subtitle: ""))

        let pool = try #require(reader.application.services.redisStore?.pool)
        let before = pool.roundTrips
        let page = try browser.get("/library/category-1/items/3")
        #expect(page.text.contains("Edited on the writer"))
        #expect(pool.roundTrips == before, "caught up on the loop, without a blocking round trip on a worker")
    }
}

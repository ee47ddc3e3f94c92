import Foundation
import RedisClient
import TestSupport
import Testing
@testable import RedisState
@testable import Web

/// With Redis, a change made through one instance reaches the open pages another instance holds.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
struct SharedLiveUpdatesTests {
    @Test func anItemAddedOnOneInstanceReachesAPageOpenOnAnother() throws {
        let apps = try RedisTestApps()
        let first = try apps.instance()
        let second = try apps.instance()
        let watcher = second.client()
        _ = try watcher.get("/library/category-3")
        let events = try second.events(as: watcher)
        #expect(second.application.responder.live.openStreams == 1)
        let author = first.client()
        try author.signIn()
        let added = try author.submit("/library/category-3/items/new", form: [("title", "From the other instance"), ("subtitle", "")])
        #expect(added.status == 303)
        let event = try events.readUntil("\n\n")
        #expect(event.contains("event: catalog\n"))
        #expect(event.contains(#""title":"From the other instance""#))
        // The page's refetch on the second instance finds the item.
        let item = try #require(event.firstMatch(of: /"item":(\d+)/)?.output.1)
        let page = try watcher.get("/library/category-3/items/\(item)")
        #expect(page.status == 200)
        #expect(page.text.contains("From the other instance"))
    }

    @Test func anEventPublishedWhileTheSubscriptionWasDownArrivesWhenItIsBack() throws {
        let apps = try RedisTestApps()
        let first = try apps.instance()
        let second = try apps.instance()
        let shared = try #require(second.application.sharedLive)
        #expect(apps.subscribed(second))
        let caughtUp = EventCount()
        let earlier = shared.observeCatchUp { caughtUp.record() }
        let watcher = second.client()
        _ = try watcher.get("/library/category-2")
        let events = try second.events(as: watcher)
        let author = first.client()
        try author.signIn()
        // Redis drops the subscribers' connections (the second's and the first's): what is
        // published next reaches no subscriber and must come from the stream.
        let redis = try RedisConnection(configuration: RedisConfiguration(url: apps.server.url()))
        let killed = try redis.send(RedisCommand("CLIENT", "KILL", "TYPE", "pubsub")).integer ?? 0
        #expect(killed >= 1)
        let added = try author.submit("/library/category-2/items/new", form: [("title", "While away"), ("subtitle", "")])
        #expect(added.status == 303)
        let event = try events.readUntil("\n\n")
        #expect(event.contains(#""title":"While away""#))
        // The second instance's subscription was among those dropped, and was made again.
        #expect(earlier >= 1 && caughtUp.wait(for: 1, timeout: .seconds(5)))
    }

    @Test func signingOutThroughOneInstanceEndsTheSessionsPageHeldByAnother() throws {
        let apps = try RedisTestApps()
        let first = try apps.instance()
        let second = try apps.instance()
        #expect(apps.subscribed(second))
        let browser = first.client()
        try browser.signIn()
        // The same browser's page, its stream held by the second instance.
        browser.disconnect()
        browser.port = second.port
        _ = try browser.get("/library/category-1")
        let events = try second.events(as: browser)
        // Another tab of it signs out through the first instance.
        browser.disconnect()
        browser.port = first.port
        let page = try browser.get("/library/category-1")
        #expect(try browser.post("/logout", form: [("csrfToken", page.csrfToken ?? "")]).status == 303)
        #expect(try events.readUntil("\n\n").contains("event: signed-out\n"))
        #expect(events.isClosedByServer())
    }

    @Test func aSubscriptionToAHungRedisIsDroppedAndMadeAgainWhenItAnswers() throws {
        let apps = try RedisTestApps()
        defer { apps.server.resume() }
        var redis = try RedisConfiguration(url: apps.server.url())
        (redis.replyTimeout, redis.connectTimeout) = (.milliseconds(300), .milliseconds(300))
        (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.milliseconds(50), .milliseconds(200))
        let first = try apps.instance()
        let second = try TestApp(redis: redis)
        #expect(apps.subscribed(second))
        let shared = try #require(second.application.sharedLive)
        let caughtUp = EventCount()
        let earlier = shared.observeCatchUp { caughtUp.record() }
        let dropped = EventCount()
        shared.observeDrop { dropped.record() }
        // A hung Redis keeps the connection open and says nothing: only the unanswered PING tells.
        apps.server.pause()
        #expect(dropped.wait(for: 1, timeout: .seconds(5)), "the subscription to a hung Redis was never dropped")
        apps.server.resume()
        #expect(earlier >= 1 && caughtUp.wait(for: 1, timeout: .seconds(5)))
        // Subscribed again: another instance's change reaches a page held by this one.
        let watcher = second.client()
        _ = try watcher.get("/library/category-4")
        let events = try second.events(as: watcher)
        let author = first.client()
        try author.signIn()
        #expect(try author.submit("/library/category-4/items/new", form: [("title", "After the hang"), ("subtitle", "")]).status == 303)
        #expect(try events.readUntil("\n\n").contains(#""title":"After the hang""#))
    }
}

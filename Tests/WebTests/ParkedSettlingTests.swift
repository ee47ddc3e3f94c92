import Foundation
import Models
import RedisClient
@testable import Services
import Synchronization
import Testing
import TestSupport
@testable import Web

/// On Redis, what a page needs beyond its one round trip parks on its event loop too: a session
/// another instance saved newer (or an earlier version saved) is fetched and adopted there, a
/// stale cookie's admission is counted there, and a reload the change log cannot tell is fetched
/// there (decoded on a worker with its replies in hand). None of them costs the blocking pool a
/// round trip; the first two are served while every worker is held.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class ParkedSettlingTests {
    let apps: RedisTestApps

    init() throws {
        apps = try RedisTestApps()
    }

    static var quietOptions: Application.Options { TestApp.quietRedisOptions }

    /// Waits for `app`'s loop to have its Redis connection, and returns its blocking pool.
    func loopConnected(_ app: TestApp) throws -> RedisPool {
        _ = try app.loopConnected()
        return try #require(app.application.services.redisStore?.pool)
    }

    @Test func aSessionSavedNewerElsewhereIsAdoptedOnTheLoopWhileEveryWorkerIsHeld() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let browser = first.client()
        try browser.signIn()
        let sameBrowserOnSecond = second.client()
        sameBrowserOnSecond.sessionCookie = browser.sessionCookie
        let pool = try loopConnected(second)
        // The second holds the session as it is now; the first then saves a newer one.
        #expect(try sameBrowserOnSecond.get("/library/category-1").text.contains("Signed in as"))
        #expect(try browser.get("/flow/secondary1/tertiary").status == 200)
        let release = second.holdWorkers()
        defer { release() }
        let before = pool.roundTrips
        let page = try sameBrowserOnSecond.get("/library/category-1")
        #expect(page.status == 200)
        #expect(page.tabLinks.contains("/flow/secondary1/tertiary"), "\(page.tabLinks)")
        #expect(pool.roundTrips == before, "the newer record was fetched on the loop")
    }

    @Test func aSessionAnEarlierVersionSavedIsUpgradedOnTheLoopWhileEveryWorkerIsHeld() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let browser = first.client()
        try browser.signIn()
        let id = try #require(browser.sessionCookie)
        let pool = try loopConnected(second)
        // What the earlier version stored: the record's JSON as a plain string.
        let key = "waypoint:session:" + id
        let json = try #require(try pool.send(RedisCommand("HGET", key, "r")).bytes)
        _ = try pool.send(RedisCommand("DEL", key))
        _ = try pool.send(RedisCommand("SET", [Array(key.utf8), json, Array("EX".utf8), Array("3600".utf8)]))
        let release = second.holdWorkers()
        defer { release() }
        let before = pool.roundTrips
        let sameBrowserOnSecond = second.client()
        sameBrowserOnSecond.sessionCookie = id
        #expect(try sameBrowserOnSecond.get("/library/category-1").text.contains("Signed in as"))
        #expect(pool.roundTrips == before, "the record was upgraded and read on the loop")
        #expect(try pool.send(RedisCommand("TYPE", key)).string == "hash")
    }

    @Test func aStaleCookiesAdmissionIsCountedOnTheLoopAndCappedAcrossInstancesWhileEveryWorkerIsHeld() throws {
        var options = Self.quietOptions
        options.visitorAdmission = .init(limit: 2, window: 60)
        let (first, second) = (try apps.instance(options: options), try apps.instance(options: options))
        let pools = (try loopConnected(first), try loopConnected(second))
        let releases = (first.holdWorkers(), second.holdWorkers())
        defer { (releases.0(), releases.1()) }
        let before = (pools.0.roundTrips, pools.1.roundTrips)
        /// A browser whose cookie names a session nobody holds (expired, or from another site).
        func staleVisitor(on app: TestApp, _ n: Int) throws -> WebClient.Response {
            let browser = app.client()
            browser.sessionCookie = "staleCookieStaleCook" + String(format: "%02d", n)
            let page = try browser.get("/library/category-1")
            #expect(page.status == 200)
            return page
        }
        func startsSession(_ page: WebClient.Response) -> Bool {
            page.header("Set-Cookie")?.hasPrefix(AppResponder.cookieName + "=") == true
        }
        #expect(startsSession(try staleVisitor(on: first, 1)))
        #expect(startsSession(try staleVisitor(on: second, 2)))
        #expect(!startsSession(try staleVisitor(on: first, 3)), "the address's third session, across instances")
        #expect(!startsSession(try staleVisitor(on: second, 4)))
        #expect(pools.0.roundTrips == before.0, "admission was counted on the loop")
        #expect(pools.1.roundTrips == before.1)
    }

    @Test func aReloadTheChangeLogCannotTellIsFetchedOnTheLoopAndShowsTheOtherInstancesWrite() throws {
        let (writer, reader) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let pool = try loopConnected(reader)
        let browser = reader.client()
        #expect(try browser.get("/library/category-1/items/3").status == 200)
        _ = try writer.application.services.catalog.updateItem(ItemID(3), with: ItemDraft(title: "Reloaded on the reader", subtitle: ""))
        // The log no longer tells what was written: only a whole reload can.
        _ = try pool.send(RedisCommand("DEL", "waypoint:changes"))
        let before = pool.roundTrips
        let page = try browser.get("/library/category-1/items/3")
        #expect(page.text.contains("Reloaded on the reader"))
        #expect(pool.roundTrips == before, "the snapshot was read on the loop, not by a blocked worker")
        let synchronized = reader.application.services.redisStore?.synchronizedVersion
        #expect(synchronized == (try pool.send(RedisCommand("GET", "waypoint:version")).string.flatMap { Int64($0) }))
    }
    @Test func pagesThatNeedAReloadMeanwhileJoinOneSnapshot() throws {
        let (writer, reader) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let pool = try loopConnected(reader)
        let loopClient = try #require(reader.application.responder.loopRedis)
        _ = try writer.application.services.catalog.updateItem(ItemID(3), with: ItemDraft(title: "One snapshot", subtitle: ""))
        _ = try pool.send(RedisCommand("DEL", "waypoint:changes"))
        /// HGETALLs Redis ran: a snapshot makes one per collection kept in memory.
        func hgetalls() throws -> Int {
            let stats = try #require(try pool.send(RedisCommand("INFO", "commandstats")).string)
            let line = stats.split(whereSeparator: \.isNewline).first { $0.hasPrefix("cmdstat_hgetall:") }
            let calls = line?.split(separator: "=").dropFirst().first?.split(separator: ",").first
            return calls.flatMap { Int($0) } ?? 0
        }
        let hgetallsBefore = try hgetalls()
        // The snapshot's decoding waits for a worker: the reload stays in flight while they are held.
        let release = reader.holdWorkers()
        let pages = 4
        let tripsBefore = loopClient.roundTrips
        let served = EventCount()
        let titles = Mutex<[String]>([])
        let port = reader.port
        for _ in 0..<pages {
            Thread.detachNewThread {
                let page = try? WebClient(port: port).get("/library/category-1/items/3")
                titles.withLock { $0.append(page?.text.contains("One snapshot") == true ? "new" : "old") }
                served.record()
            }
        }
        // Each page: its question and the change log's entries; one snapshot for all of them.
        let parked = waitUntil(timeout: .seconds(4)) { loopClient.roundTrips == tripsBefore + 2 * pages + 1 }
        release()
        #expect(parked)
        #expect(served.wait(for: pages, timeout: .seconds(5)))
        // Counted once every page is served: a send is counted as it is queued on the loop, before
        // Redis has run it.
        let read = try hgetalls() - hgetallsBefore
        #expect(read == AppServices.cachedCollections.count, "one snapshot for \(pages) pages")
        #expect(titles.withLock { $0 } == Array(repeating: "new", count: pages))
    }
}

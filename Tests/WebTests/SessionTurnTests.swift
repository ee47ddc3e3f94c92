import Foundation
import RedisClient
import Synchronization
import Testing
import TestSupport
@testable import Web

/// On Redis, a session's requests take turns in its queue instead of holding a lock across a form
/// submission: concurrent copies of one form count once, pipelined forms run in the order sent, a
/// form that changes only the session never blocks a worker, and a hung Redis turns a POST into a
/// 503 within the reply timeout plus half a second.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SessionTurnTests {
    let apps: RedisTestApps

    init() throws {
        apps = try RedisTestApps()
    }

    func titles(_ title: String, in app: TestApp) -> Int {
        app.application.services.catalog.items(in: .init("category-3")).filter { $0.title == title }.count
    }

    @Test func concurrentCopiesOfOneFormInOneSessionCountOnce() throws {
        let app = try apps.instance()
        let client = app.client()
        try client.signIn()
        let form = try client.get("/library/category-3/items/new")
        let body = [("csrfToken", form.csrfToken ?? ""), ("title", "Sent four times at once"), ("subtitle", "")]
        let (cookies, port) = (client.cookies, app.port)
        let answers = Mutex<[Int: (status: Int, location: String?)]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let copy = WebClient(port: port)
            copy.cookies = cookies
            let answer = try? copy.post("/library/category-3/items/new", form: body)
            answers.withLock { $0[index] = (answer?.status ?? 0, answer?.location) }
        }
        let all = answers.withLock { Array($0.values) }
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.status == 303 })
        #expect(Set(all.compactMap(\.location)).count == 1)
        #expect(titles("Sent four times at once", in: app) == 1)
    }

    @Test func formsPipelinedInOneSessionRunInTheOrderSent() throws {
        let app = try apps.instance()
        let client = app.client()
        try client.signIn()
        let token = try #require(try client.get("/library/category-3/items/new").csrfToken)
        let cookie = try #require(client.sessionCookie)
        let connection = try LoopbackClient(port: app.port, timeoutMilliseconds: 5000)
        var bytes: [UInt8] = []
        for index in 1...4 {
            let body = "csrfToken=\(WebClient.encode(token))&title=In+order+\(index)&subtitle="
            bytes += Array("""
                POST /library/category-3/items/new HTTP/1.1\r
                Host: 127.0.0.1:\(app.port)\r
                Cookie: waypoint_session=\(cookie)\r
                Content-Type: application/x-www-form-urlencoded\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """.utf8)
        }
        connection.send(bytes)
        var ids: [Int] = []
        for _ in 1...4 {
            let answer = try connection.readResponse()
            #expect(answer.status == 303)
            let location = try #require(answer.header("Location"))
            ids.append(try #require(location.split(separator: "/").last.flatMap { Int($0) }))
        }
        #expect(ids == ids.sorted() && Set(ids).count == 4, "\(ids)")
        let items = app.application.services.catalog.items(in: .init("category-3"))
        for (index, id) in ids.enumerated() {
            #expect(items.first { $0.title == "In order \(index + 1)" }.map { "\($0.id.rawValue)" } == "\(id)")
        }
    }

    @Test func aFormThatChangesOnlyTheSessionParksOnTheLoopAndNeverBlocksAWorker() throws {
        var options = TestApp.defaultOptions
        // No periodic work (saves, the mail sweep, the data check, live events) among the pool's round trips.
        (options.saveInterval, options.mailSweepInterval) = (.seconds(3600), .seconds(3600))
        (options.sharedDataCheckInterval, options.sharesLiveEvents) = (.seconds(3600), false)
        let (first, second) = (try apps.instance(options: options), try apps.instance())
        let loopRedis = try #require(first.application.responder.loopRedis)
        let ready = EventCount()
        loopRedis.observeReady { ready.record() }
        let visitor = first.client()
        let token = try #require(try visitor.get("/login").csrfToken)
        if loopRedis.readyConnections == 0 { #expect(ready.wait(for: 1, timeout: .seconds(5))) }
        let pool = try #require(first.application.services.redisStore?.pool)
        let (blocking, parked) = (pool.roundTrips, loopRedis.roundTrips)
        // A visitor's new item: kept as a draft for after signing in; the session changes, nothing else.
        let answer = try visitor.post(
            "/library/category-3/items/new",
            form: [("csrfToken", token), ("title", "Drafted on the loop"), ("subtitle", "")])
        #expect(answer.status == 303)
        #expect(answer.location?.hasPrefix("/login") == true, "\(answer.location ?? "")")
        #expect(pool.roundTrips == blocking, "a worker waited for Redis")
        // The request's questions and the session's save, both parked on the loop's connection.
        #expect(loopRedis.roundTrips >= parked + 2)
        // Saved before the answer: another instance signs the visitor in and finds the draft.
        visitor.disconnect()
        visitor.port = second.port
        let new = "/library/category-3/items/new"
        #expect(try visitor.signIn(next: new).location == new)
        #expect(try visitor.get(new).text.contains("Drafted on the loop"))
    }

    @Test func aHungRedisAnswersAPostWith503WithinTheReplyTimeoutAndAHalf() throws {
        let server = try RedisServer()
        defer { server.resume() }
        var redis = try RedisConfiguration(url: server.url())
        redis.replyTimeout = .milliseconds(300)
        redis.connectTimeout = .milliseconds(300)
        (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.milliseconds(50), .milliseconds(200))
        var options = TestApp.defaultOptions
        options.queueWaitLimit = .milliseconds(200)
        let app = try TestApp(options: options, redis: redis)
        let browser = app.client()
        try browser.signIn()
        let token = try #require(try browser.get("/library/category-3/items/new").csrfToken)
        let visitor = app.client()
        let visitorToken = try #require(try visitor.get("/login").csrfToken)
        server.pause()
        let answers = Mutex<[(status: Int, retryAfter: String?, seconds: Double)]>([])
        // Two forms of one signed-in session (the second waits in the session's queue) and a visitor's.
        let forms: [([String: String], String, [(String, String)])] = [
            (browser.cookies, "/library/category-3/items/new", [("csrfToken", token), ("title", "During the hang"), ("subtitle", "")]),
            (browser.cookies, "/library/category-3/items/new", [("csrfToken", token), ("title", "Also during it"), ("subtitle", "")]),
            (visitor.cookies, "/library/category-3/items/new", [("csrfToken", visitorToken), ("title", "A draft"), ("subtitle", "")]),
        ]
        let port = app.port
        DispatchQueue.concurrentPerform(iterations: forms.count) { index in
            let (cookies, path, form) = forms[index]
            let client = WebClient(port: port)
            client.cookies = cookies
            let start = Date()
            let answer = try? client.post(path, form: form)
            answers.withLock { $0.append((answer?.status ?? 0, answer?.header("Retry-After"), Date().timeIntervalSince(start))) }
        }
        for answer in answers.withLock({ $0 }) {
            #expect(answer.status == 503)
            #expect(answer.retryAfter != nil)
            #expect(answer.seconds <= 0.3 + 0.5, "waited \(answer.seconds) s")
        }
        server.resume()
    }
}

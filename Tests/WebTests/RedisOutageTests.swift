import Foundation
import RedisClient
import Synchronization
import Testing
import TestSupport
@testable import Web

/// Failure is bounded: while Redis hangs (SIGSTOP) or refuses, requests answer 503 with
/// `Retry-After` within the reply timeout plus the queue-wait limit, `/readyz` turns 503, and
/// service comes back by itself when Redis does. Timeouts scaled down through configuration.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class RedisOutageTests {
    static let replyTimeout = Duration.milliseconds(300)
    static let queueWaitLimit = Duration.milliseconds(200)
    /// What the bound (timeout + queue wait) allows on top, for a loaded two-core machine.
    static let slack = 0.5

    let server: RedisServer
    let app: TestApp

    init() throws {
        server = try RedisServer()
        var redis = try RedisConfiguration(url: server.url())
        redis.replyTimeout = Self.replyTimeout
        redis.connectTimeout = Self.replyTimeout
        redis.poolSize = 8
        redis.initialReconnectDelay = .milliseconds(50)
        redis.maximumReconnectDelay = .milliseconds(200)
        var options = TestApp.defaultOptions
        options.queueWaitLimit = Self.queueWaitLimit
        app = try TestApp(options: options, redis: redis)
    }

    deinit { server.resume() }

    static var bound: Double {
        let seconds = { (duration: Duration) in Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
        return seconds(replyTimeout) + seconds(queueWaitLimit) + slack
    }

    /// Polls `path` every 50 ms until it answers `status`; the seconds that took, or nil after `limit`.
    func secondsUntil(_ path: String, answers status: Int, within limit: Double) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < limit {
            let client = app.client()
            if (try? client.get(path).status) == status { return Date().timeIntervalSince(start) }
            client.disconnect()
            usleep(50_000)
        }
        return nil
    }

    /// Sixteen browsers ask for a page at once; each answer's status, Retry-After and seconds.
    func burst(cookie: String) -> [(status: Int, retryAfter: String?, seconds: Double)] {
        let answers = Mutex<[(status: Int, retryAfter: String?, seconds: Double)]>([])
        let group = DispatchGroup()
        for _ in 0..<16 {
            DispatchQueue.global().async(group: group) { [port = app.port] in
                let client = WebClient(port: port)
                client.sessionCookie = cookie
                let start = Date()
                let response = try? client.get("/library/category-1")
                let answer = (response?.status ?? 0, response?.header("Retry-After"), Date().timeIntervalSince(start))
                answers.withLock { $0.append(answer) }
            }
        }
        group.wait()
        return answers.withLock { $0 }
    }

    @Test func whileRedisHangsRequestsAnswer503InBoundedTimeAndReadinessTurnsThenServiceReturnsWithoutARestart() throws {
        let browser = app.client()
        try browser.signIn()
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
        #expect(try app.client().get("/readyz").status == 200)
        let cookie = try #require(browser.sessionCookie)

        server.pause()
        let answers = burst(cookie: cookie)
        #expect(answers.count == 16)
        for answer in answers {
            #expect(answer.status == 503)
            #expect(answer.retryAfter != nil)
            #expect(answer.seconds <= Self.bound, "waited \(answer.seconds) s")
        }
        let unready = secondsUntil("/readyz", answers: 503, within: 2)
        #expect(unready != nil, "/readyz still 200 two seconds into the hang")

        server.resume()
        let served = secondsUntil("/library/category-1", answers: 200, within: 2)
        #expect(served != nil, "no page within two seconds of SIGCONT")
        #expect(secondsUntil("/readyz", answers: 200, within: 2) != nil)
        browser.disconnect()
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func anIdleInstanceNoticesAHangAndReportsUnreadyWithinTwoSeconds() throws {
        #expect(try app.client().get("/readyz").status == 200)
        server.pause()
        // No page is requested: only the readiness checks themselves find the hang.
        let unready = secondsUntil("/readyz", answers: 503, within: 2)
        #expect(unready != nil)
        server.resume()
        #expect(secondsUntil("/readyz", answers: 200, within: 2) != nil)
    }

    @Test func whileRedisRefusesPagesAnswer503AndReadinessTurnsUntilItIsBack() throws {
        let browser = app.client()
        try browser.signIn()
        let cookie = try #require(browser.sessionCookie)
        server.kill()
        for answer in burst(cookie: cookie) {
            #expect(answer.status == 503)
            #expect(answer.seconds <= Self.bound, "waited \(answer.seconds) s")
        }
        #expect(secondsUntil("/readyz", answers: 503, within: 2) != nil)
        try server.start()
        #expect(secondsUntil("/library/category-1", answers: 200, within: 2) != nil)
        #expect(secondsUntil("/readyz", answers: 200, within: 2) != nil)
    }
}

import Testing
import TestSupport
@testable import Web

/// The throttles in front of sign-in and new sessions count requests on every instance together.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedThrottleWebTests {
    let redis: RedisTestApps

    init() throws {
        redis = try RedisTestApps()
    }

    @Test func fiveWrongPasswordsSpreadOverThreeInstancesAreFive() throws {
        let instances = try (0..<3).map { _ in try redis.instance() }
        for attempt in 0..<5 {
            #expect(try instances[attempt % 3].client().signIn(password: "not-the-password").status == 422)
        }
        for instance in instances {
            let limited = try instance.client().signIn()
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After").flatMap(Int.init) != nil)
        }
    }

    @Test func newSessionsPerAddressAreCountedOnEveryInstance() throws {
        var options = TestApp.defaultOptions
        options.visitorAdmission = .init(limit: 2)
        let (first, second) = (try redis.instance(options: options), try redis.instance(options: options))
        #expect(try first.client().get("/library/category-1").header("Set-Cookie") != nil)
        #expect(try second.client().get("/library/category-1").header("Set-Cookie") != nil)
        let third = try first.client().get("/library/category-1")
        #expect(third.status == 200)
        #expect(third.header("Set-Cookie") == nil)
        #expect(try second.client().get("/flow").header("Set-Cookie") == nil)
    }
}

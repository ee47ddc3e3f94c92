import Foundation
import RedisClient
import Services
import TestSupport
import Testing
@testable import RedisState
@testable import Web

/// A Redis emptied under running instances is noticed: they stop being ready, and a restart will not
/// seed the demo catalog into a site that had data.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
struct RedisDataLossTests {
    let redis: RedisServer

    init() throws {
        redis = try RedisServer()
    }

    func instance(dataDirectory: String? = nil) throws -> TestApp {
        var options = TestApp.defaultOptions
        // The checks are made by the test (what the timer does every second by default).
        options.sharedDataCheckInterval = .seconds(3600)
        var configuration = try RedisConfiguration(url: redis.url())
        (configuration.initialReconnectDelay, configuration.maximumReconnectDelay) = (.zero, .zero)
        return try TestApp(options: options, dataDirectory: dataDirectory, redis: configuration)
    }

    func readiness(_ app: TestApp) throws -> Int {
        try app.client().get("/readyz").status
    }

    @Test func anEmptiedRedisMakesTheInstanceUnreadyAtTheNextCheck() throws {
        let app = try instance()
        let watch = try #require(app.application.dataWatch)
        watch.check()
        #expect(try readiness(app) == 200)
        let pool = try #require(app.application.services.redisStore?.pool)
        _ = try pool.send(RedisCommand("FLUSHALL"))
        watch.check()
        #expect(try readiness(app) == 503)
        #expect(try app.client().get("/healthz").status == 200)
    }

    @Test func aRestartRefusesToSeedASiteThatLostItsData() throws {
        let first = try instance()
        let data = first.dataDirectory
        let pool = try #require(first.application.services.redisStore?.pool)
        _ = try pool.send(RedisCommand("FLUSHALL"))
        first.application.shutdown()
        #expect(throws: RedisLostItsData.self) { _ = try instance(dataDirectory: data) }
        // A data folder that never served this site starts a new one, as a first start does.
        let fresh = try instance()
        #expect(fresh.application.services.seeded)
        #expect(try readiness(fresh) == 200)
    }
}

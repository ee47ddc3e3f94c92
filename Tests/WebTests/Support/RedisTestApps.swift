import Foundation
import RedisClient
import TestSupport
@testable import Web

/// One redis-server and the Waypoints sharing it, as instances behind a load balancer: a browser
/// may land on any of them for any request.
final class RedisTestApps {
    let server: RedisServer

    init() throws {
        server = try RedisServer()
    }

    /// Without reconnect backoff, so the first request after a restart connects.
    func instance(options: Application.Options = TestApp.defaultOptions) throws -> TestApp {
        var redis = try RedisConfiguration(url: server.url())
        (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.zero, .zero)
        return try TestApp(options: options, redis: redis)
    }

    /// Mails in any of `apps`' outboxes, once their queued reset requests are done.
    func outbox(of apps: [TestApp]) -> [String] {
        apps.flatMap(\.outbox)
    }
}

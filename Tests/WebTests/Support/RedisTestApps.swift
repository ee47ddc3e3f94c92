import Foundation
import RedisClient
import TestSupport
@testable import RedisState
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

    /// Waits until `app` has subscribed to the other instances' live events and read what it
    /// missed: the one Redis round trip an instance makes on its own once started.
    func subscribed(_ app: TestApp) -> Bool {
        guard let shared = app.application.sharedLive else { return true }
        let caughtUp = EventCount()
        return shared.observeCatchUp { caughtUp.record() } >= 1 || caughtUp.wait(for: 1, timeout: .seconds(5))
    }

    /// Mails in any of `apps`' outboxes, once their queued reset requests are done.
    func outbox(of apps: [TestApp]) -> [String] {
        apps.flatMap(\.outbox)
    }
}

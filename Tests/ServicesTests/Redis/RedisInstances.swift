import DemoData
import Foundation
import RedisClient
import Services
import TestSupport

/// One redis-server and any number of instances' services over it, each with its own data folder
/// (and so its own outbox), as processes behind a load balancer would be.
final class RedisInstances {
    let server: RedisServer
    private let folder = TemporaryDirectory(prefix: "waypoint-redis-instances")
    private var instances = 0

    init() throws {
        server = try RedisServer()
    }

    func configuration() throws -> RedisConfiguration {
        try RedisConfiguration(url: server.url())
    }

    /// A fresh data folder, removed with this value.
    func directory() -> String {
        instances += 1
        return folder.path("instance-\(instances)")
    }

    /// An instance's services; the demo data is seeded by the first.
    func services(
        clock: @escaping @Sendable () -> Date = { Date() }, throttles: ThrottledAccounts.Configuration = .init()
    ) throws -> AppServices {
        try AppServices(
            configuration: .init(
                dataDirectory: directory(), passwordIterations: 1_000, seed: DemoSeed(), resetLinkBase: "http://127.0.0.1:8080",
                throttles: throttles, redis: try configuration()),
            clock: clock)
    }
}

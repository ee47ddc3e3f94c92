import DemoData
import Foundation
import HTTPServer
import Log
import RedisClient
import RedisState
import Services
import TestSupport
@testable import Web

/// A Waypoint on 127.0.0.1 with a free port and its own temporary data folder, fast password
/// hashing and a quiet log; `restarted()` starts a new one on the same data folder.
final class TestApp {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templatesDirectory = packageRoot.appendingPathComponent("Templates").path
    static let publicDirectory = packageRoot.appendingPathComponent("Public").path

    let dataDirectory: String
    /// The scratch folder holding the data folder, when this app made it: shared with `restarted()`
    /// apps, removed when the last of them goes away.
    private var scratch: TemporaryDirectory?
    let options: Application.Options
    let configuration: WaypointConfiguration
    let application: Application
    let port: Int

    init(
        options: Application.Options = TestApp.defaultOptions, isDevelopment: Bool = false,
        templatesDirectory: String = TestApp.templatesDirectory, dataDirectory: String? = nil,
        trustedProxies: TrustedProxies = TrustedProxies(), metricsAllow: [IPNetwork] = [], redis: RedisConfiguration? = nil,
        demoData: DemoDataSet = .benchmark
    ) throws {
        let scratch = dataDirectory == nil ? TemporaryDirectory(prefix: "waypoint-web") : nil
        self.scratch = scratch
        self.dataDirectory = dataDirectory ?? scratch!.path("data")
        var configuration = WaypointConfiguration()
        configuration.port = 0
        configuration.dataDirectory = self.dataDirectory
        configuration.templatesDirectory = templatesDirectory
        configuration.publicDirectory = Self.publicDirectory
        configuration.passwordIterations = 1000
        configuration.isDevelopment = isDevelopment
        configuration.trustedProxies = trustedProxies
        configuration.metricsAllow = metricsAllow
        configuration.logLevel = .error
        configuration.redis = redis
        // The benchmark's small regular data, which the tests name (`Item 7 <3>`), unless asked.
        configuration.demoData = demoData
        self.options = options
        self.configuration = configuration
        application = try buildApplication(configuration, options: options, logger: Logger(level: .error))
        port = try application.start()
    }

    static var defaultOptions: Application.Options {
        var options = Application.Options(workerThreads: 2, eventLoops: 1, shutdownGracePeriod: .milliseconds(200))
        // Tests run side by side on two cores: a request may wait for a worker longer than the
        // production bound without anything being wrong. The outage tests set their own bound.
        options.queueWaitLimit = .seconds(30)
        return options
    }

    func client() -> WebClient { WebClient(port: port) }

    /// A copy of the real templates in a temporary folder, for tests that edit or break them.
    static func copyOfTemplates() throws -> TemporaryDirectory {
        let copy = TemporaryDirectory(prefix: "waypoint-templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: templatesDirectory) {
            try FileManager.default.copyItem(atPath: templatesDirectory + "/" + name, toPath: copy.path(name))
        }
        return copy
    }

    /// Development mode over `templates`, checking them on every request, so the first request
    /// after an edit sees it.
    static func reloadingTemplates(from templates: String) throws -> TestApp {
        var options = defaultOptions
        options.templateCheckInterval = .zero
        return try TestApp(options: options, isDevelopment: true, templatesDirectory: templates)
    }

    /// Stops this server (saving its sessions) and starts another on the same data folder.
    func restarted() throws -> TestApp {
        application.shutdown()
        let next = try TestApp(
            options: options, templatesDirectory: configuration.templatesDirectory, dataDirectory: dataDirectory,
            demoData: configuration.demoData)
        next.scratch = scratch
        return next
    }

    /// Messages in the outbox, oldest first, once the queued reset requests have written theirs.
    var outbox: [String] {
        application.services.waitForQueuedMail()
        return application.services.outbox.messagePaths().compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    deinit {
        application.shutdown()
    }
}

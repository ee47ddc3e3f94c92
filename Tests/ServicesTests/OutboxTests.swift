import DemoData
import Foundation
import TestSupport
import Testing
@testable import Services

/// Outbox messages carry reset links: only the owner may read them.
struct OutboxTests {
    let folder = TemporaryDirectory(prefix: "waypoint-outbox")
    var directory: String { folder.path }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func messagesAndTheirFolderAreOwnerOnly() throws {
        let outbox = Outbox(directory: directory + "/outbox")
        let path = try outbox.send(OutboxMessage(to: "ada@example.com", subject: "Reset", body: "a link"))
        #expect(try mode(directory + "/outbox") == 0o700)
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("a link"))
        #expect(outbox.messagePaths() == [path])
    }
}

/// A torn tail cut at start-up is a warning, not routine news.
struct AppServicesRecoveryTests {
    let folder = TemporaryDirectory(prefix: "waypoint-app")
    var directory: String { folder.path("data") }

    @Test func aCutTornTailIsReportedAsAWarning() throws {
        let configuration = AppServices.Configuration(dataDirectory: directory, passwordIterations: 1_000, seed: DemoSeed())
        try AppServices(configuration: configuration).close()
        let journal = AppServices.storeDirectory(inDataDirectory: directory) + "/journal"
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data([9, 0, 0, 0, 1]))
        handle.closeFile()

        let log = LogRecorder()
        let warnings = LogRecorder()
        let services = try AppServices(configuration: configuration, log: log.closure, warn: warnings.closure)
        services.close()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("torn record header") == true)
        #expect(!log.all.contains { $0.hasPrefix("store opened") })
    }
}

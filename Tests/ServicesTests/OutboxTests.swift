import Foundation
import Testing
@testable import Services

/// Outbox messages carry reset links: only the owner may read them.
struct OutboxTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("waypoint-outbox-\(UUID().uuidString)").path

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func messagesAndTheirFolderAreOwnerOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
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
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("waypoint-app-\(UUID().uuidString)").path

    @Test func aCutTornTailIsReportedAsAWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = AppServices.Configuration(dataDirectory: directory, passwordIterations: 1_000)
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

import Foundation
import Glibc
import HTTPServer
import Log
import TestSupport
import Testing
@testable import Web

/// Start-up checks everything it can before it binds, binds before it touches the data folder, and
/// says what is wrong in one line.
@Suite struct DataFolderStartupTests {
    let folder = TemporaryDirectory(prefix: "waypoint-startup")
    var scratch: String { folder.path }

    func configuration(data: String, port: Int = 0) -> WaypointConfiguration {
        var configuration = WaypointConfiguration()
        configuration.port = port
        configuration.dataDirectory = data
        configuration.templatesDirectory = TestApp.templatesDirectory
        configuration.publicDirectory = TestApp.publicDirectory
        configuration.passwordIterations = 1000
        configuration.logLevel = .error
        return configuration
    }

    func build(_ configuration: WaypointConfiguration) throws -> Application {
        try buildApplication(configuration, options: TestApp.defaultOptions, logger: Logger(level: .error))
    }

    func mode(_ path: String) throws -> Int {
        ((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aBusyPortLeavesNoDataFolderBehind() throws {
        let running = try TestApp()
        let data = scratch + "/data"
        #expect(throws: SystemError.self) { _ = try build(configuration(data: data, port: running.port)) }
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    @Test func dataNamingAFileIsAOneLineError() throws {
        let file = scratch + "/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        do {
            _ = try build(configuration(data: file))
            Issue.record("start-up should fail")
        } catch let error as StartupError {
            #expect("\(error)" == "the data folder \(file) is not a folder (--data must name a folder, or a path to create one at)")
        }
        do {
            _ = try build(configuration(data: file + "/below"))
            Issue.record("start-up should fail")
        } catch let error as StartupError {
            #expect("\(error)".contains("\(file) is not a folder"))
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test(.enabled(if: getuid() != 0, "root can write anywhere"))
    func anUnwritableDataFolderIsAOneLineError() throws {
        defer {
            chmod(scratch + "/locked", 0o700)
        }
        let locked = scratch + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o500)
        #expect(throws: StartupError.self) { _ = try build(configuration(data: locked)) }
        #expect(throws: StartupError.self) { _ = try build(configuration(data: locked + "/data")) }
    }

    @Test func aMissingPublicFolderIsAnError() throws {
        var configuration = configuration(data: scratch + "/data")
        configuration.publicDirectory = scratch + "/no-public"
        do {
            _ = try build(configuration)
            Issue.record("start-up should fail")
        } catch let error as StartupError {
            #expect("\(error)".contains("\(scratch)/no-public does not exist"))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch + "/data"))
    }

    @Test func aDamagedStoreStopsStartUpNamingFileAndOffsetAndChangesNothing() throws {
        let data = scratch + "/data"
        try build(configuration(data: data)).shutdown()  // seeds the demo data: several records
        let journal = data + "/store/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        bytes[16 + 9] ^= 0x5A  // the first record's payload
        try Data(bytes).write(to: URL(fileURLWithPath: journal))
        do {
            _ = try build(configuration(data: data))
            Issue.record("start-up should fail")
        } catch let error as StartupError {
            let message = "\(error)"
            #expect(message.contains("\(journal): journal damaged at byte offset 16 "))
            #expect(message.contains("waypoint store repair --data \(data)"))
            #expect(!message.contains("\n"))
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: journal))) == bytes)
    }

    @Test func theDataFolderAndItsFilesAreOwnerOnly() throws {
        let data = scratch + "/data"
        let application = try build(configuration(data: data))
        _ = try application.start()
        application.shutdown()
        #expect(try mode(data) == 0o700)
        #expect(try mode(data + "/store") == 0o700)
        #expect(try mode(data + "/store/journal") == 0o600)
        #expect(try mode(data + "/sessions") == 0o700)
        #expect(try mode(data + "/sessions/journal") == 0o600)
        #expect(DataFolder(path: data).permissionWarning() == nil)
    }

    @Test func anOpenDataFolderIsNamedInAWarning() throws {
        let data = scratch + "/data"
        try FileManager.default.createDirectory(atPath: data + "/store", withIntermediateDirectories: true)
        chmod(data, 0o755)
        chmod(data + "/store", 0o700)
        _ = FileManager.default.createFile(atPath: data + "/store/journal", contents: Data(), attributes: [.posixPermissions: 0o644])
        let warning = try #require(DataFolder(path: data).permissionWarning())
        #expect(warning.contains("\(data) (755)"))
        #expect(warning.contains("\(data)/store/journal (644)"))
        #expect(!warning.contains("\(data)/store (700)"))
    }
}

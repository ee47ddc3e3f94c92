import Foundation
import TestSupport
import Testing
@testable import WaypointCommand
@testable import Web

/// `waypoint store verify|repair`, run as main.swift runs it, on a seeded data folder.
@Suite struct StoreCommandTests {
    let folder = TemporaryDirectory(prefix: "waypoint-store")
    var data: String { folder.path("data") }
    var journal: String { data + "/store/journal" }

    final class Output {
        var lines: [String] = []
        var errors: [String] = []
        var text: String { lines.joined(separator: "\n") }
    }

    func run(_ arguments: [String], now: Int? = 1_706_745_599) -> (Int32, Output) {
        let output = Output()
        let status = StoreCommand.run(
            arguments: arguments, environment: [:], output: { output.lines.append($0) },
            errors: { output.errors.append($0) }, now: now)
        return (status, output)
    }

    /// A data folder as a first start leaves it (seeded: several journal records).
    func seed() throws { try Self.seed(data) }

    static func seed(_ data: String) throws {
        var configuration = WaypointConfiguration()
        configuration.port = 0
        configuration.dataDirectory = data
        configuration.templatesDirectory = TestApp.templatesDirectory
        configuration.publicDirectory = TestApp.publicDirectory
        configuration.passwordIterations = 1000
        try buildApplication(configuration, options: TestApp.defaultOptions, logger: .init(level: .error)).shutdown()
    }

    func damageFirstRecord() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        bytes[16 + 9] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: journal))
        return bytes
    }

    @Test func verifyReportsAnIntactStoreAndExitsZero() throws {
        try seed()
        let (status, output) = run(["verify", "--data", data])
        #expect(status == 0)
        #expect(output.text.contains("\(journal): intact"))
        #expect(output.text.contains("intact: the store opens"))
    }

    @Test func verifyReportsDamageWithItsOffsetAndExitsOne() throws {
        try seed()
        let bytes = try damageFirstRecord()
        let (status, output) = run(["verify", "--data=\(data)"])
        #expect(status == 1)
        #expect(output.text.contains("\(journal): damaged"))
        #expect(output.text.contains("at offset 16 (checksum mismatch"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: journal))) == bytes)
    }

    @Test func repairLetsTheServerStartAgainAndKeepsTheDamagedFile() throws {
        try seed()
        let bytes = try damageFirstRecord()
        let (status, output) = run(["repair", "--data", data])
        #expect(status == 0, "\(output.lines) \(output.errors)")
        #expect(output.text.contains("dropped "))
        #expect(output.text.contains("set aside \(journal).damaged-20240131T235959Z"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: journal + ".damaged-20240131T235959Z"))) == bytes)
        #expect(run(["verify", "--data", data]).0 == 0)
        let app = try TestApp(dataDirectory: data)
        // The dropped record may have held the catalog: a screen that needs no data.
        #expect(try app.client().get("/flow").status == 200)
    }

    @Test func repairRefusesWhileAServerHasTheFolderOpen() throws {
        let app = try TestApp(dataDirectory: data)
        let (status, output) = run(["repair", "--data", data])
        #expect(status == 1)
        #expect(output.errors.first?.contains("open in a running server") == true)
        _ = app
    }

    @Test(arguments: [["verify", "--data"], ["check"], [], ["verify", "--bogus"]])
    func badUsageExitsTwo(arguments: [String]) {
        let (status, output) = run(arguments)
        #expect(status == 2)
        #expect(output.errors.count == 1)
    }

    @Test func aMissingDataFolderIsAnErrorAndHelpIsPrinted() {
        #expect(run(["verify", "--data", data + "/nowhere"]).0 == 1)
        #expect(!FileManager.default.fileExists(atPath: data))
        let (status, output) = run(["--help"])
        #expect(status == 0)
        #expect(output.text.contains("waypoint store repair [--data DIR]"))
        #expect(WaypointConfiguration.helpText.contains("waypoint store verify"))
    }
}

import Foundation
import TestSupport
import Testing

/// The built `waypoint` executable: a damaged store stops start-up with an error and exit 1, and
/// the store subcommands exit with the status their help promises.
@Suite struct ExecutableStoreTests {
    static var executable: String? {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [buildFolder, buildFolder.deletingLastPathComponent(), buildFolder.deletingLastPathComponent().deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("waypoint").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let folder = TemporaryDirectory(prefix: "waypoint-exe")
    var data: String { folder.path("data") }

    /// Runs the executable to completion; returns its status and what it wrote to stderr. One
    /// still running after `timeout` (a server that started when it should have refused) is
    /// stopped with SIGKILL, so the test fails instead of hanging.
    func run(_ arguments: [String], timeout: Double = 20) throws -> (status: Int32, errors: String, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable, "build the waypoint executable first"))
        process.arguments = arguments
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errorText, outputText)
    }

    @Test(.timeLimit(.minutes(1)))
    func aDamagedJournalStopsStartUpAndRepairLetsItStart() throws {
        let configuration = WaypointConfigurationStub(data: data)
        try StoreCommandTests.seed(data)
        let journal = data + "/store/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        bytes[16 + 9] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: journal))

        let start = try run(configuration.arguments)
        #expect(start.status == 1)
        #expect(start.errors.contains("[error] Waypoint could not start:"))
        #expect(start.errors.contains("journal damaged at byte offset 16"))
        #expect(start.errors.split(separator: "\n").count == 1)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: journal))) == bytes)

        #expect(try run(["store", "verify", "--data", data]).status == 1)
        let repair = try run(["store", "repair", "--data", data])
        #expect(repair.status == 0, "\(repair.errors)")
        #expect(repair.output.contains("set aside \(journal).damaged-"))
        #expect(try run(["store", "verify", "--data", data]).status == 0)
    }

    /// Earlier builds cut a complete last record that failed its checksum as if it were torn, with
    /// no copy kept: an acknowledged write (a sign-out, a deletion) silently undone.
    @Test(.timeLimit(.minutes(1)))
    func aCompleteButDamagedLastRecordStopsStartUpAndIsKeptForRepair() throws {
        let configuration = WaypointConfigurationStub(data: data)
        try StoreCommandTests.seed(data)
        let journal = data + "/store/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        bytes[bytes.count - 3] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: journal))

        let start = try run(configuration.arguments)
        #expect(start.status == 1)
        #expect(start.errors.contains("[error] Waypoint could not start:"))
        #expect(start.errors.contains("is complete but damaged"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: journal))) == bytes)
        let repair = try run(["store", "repair", "--data", data])
        #expect(repair.status == 0, "\(repair.errors)")
        #expect(repair.output.contains("set aside \(journal).damaged-"))
        #expect(try run(["store", "verify", "--data", data]).status == 0)
    }
}

/// The flags a test start of the executable needs.
struct WaypointConfigurationStub {
    var data: String

    var arguments: [String] {
        ["--data", data, "--port", "0", "--templates", TestApp.templatesDirectory, "--public", TestApp.publicDirectory,
         "--password-iterations", "1000", "--log-level", "warning"]
    }
}

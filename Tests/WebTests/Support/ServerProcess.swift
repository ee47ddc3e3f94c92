import Foundation
import Glibc

/// The `waypoint` executable SwiftPM builds next to the test bundle, run as a child process on a
/// free loopback port, so a test can kill it with SIGKILL and start it again on the same data.
final class ServerProcess {
    enum Failure: Error {
        case notBuilt(String)
        case noPort(log: String)
    }

    let process = Process()
    let port: Int
    /// Everything the server wrote, kept beside its data for a failing test to quote.
    let logPath: String

    /// Starts the server and waits for its "listening" line (bounded by `timeout`).
    init(dataDirectory: String, arguments: [String] = [], timeout: TimeInterval = 20) throws {
        let executable = Self.executablePath
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw Failure.notBuilt(executable) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--port", "0", "--data", dataDirectory, "--password-iterations", "1000",
            "--templates", TestApp.templatesDirectory, "--public", TestApp.publicDirectory,
        ] + arguments
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-\(UUID().uuidString).log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && process.isRunning {
            if let seen = try? String(contentsOfFile: logPath, encoding: .utf8), let port = Self.port(in: seen) {
                self.port = port
                return
            }
            usleep(10_000)
        }
        process.terminate()
        throw Failure.noPort(log: (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
    }

    /// The server's log so far.
    var logged: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Kills the server at once: nothing it had not already made durable survives.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server as an orchestrator would (SIGTERM), letting it save.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill() }
        try? FileManager.default.removeItem(atPath: logPath)
    }

    private static func port(in log: String) -> Int? {
        guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
        let digits = log[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    static var executablePath: String {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            buildFolder, buildFolder.deletingLastPathComponent(), buildFolder.deletingLastPathComponent().deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("waypoint").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "waypoint"
    }
}

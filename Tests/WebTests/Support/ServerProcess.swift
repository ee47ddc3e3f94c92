import Foundation
import Glibc
import Synchronization
import TestSupport

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
    private let logFolder = TemporaryDirectory(prefix: "waypoint-log")
    let logPath: String
    /// What the server wrote after its listening line, and a count of the chunks that came.
    private let output = Output()

    private final class Output: Sendable {
        let text = Mutex<[UInt8]>([])
        let chunks = EventCount()
        /// Recorded once the copy reached the end of the child's output and the log is closed.
        let finished = EventCount()
    }

    /// Starts the server and waits for its "listening" line (bounded by `timeout`). A new data
    /// folder gets the benchmark's data set, which the tests name (`Item 7 <3>`), unless asked.
    init(dataDirectory: String, arguments: [String] = [], demoData: String = "benchmark", timeout: TimeInterval = 20) throws {
        let executable = Self.executablePath
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw Failure.notBuilt(executable) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--port", "0", "--data", dataDirectory, "--password-iterations", "1000",
            "--templates", TestApp.templatesDirectory, "--public", TestApp.publicDirectory, "--demo-data", demoData,
        ] + arguments
        logPath = logFolder.path("server.log")
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let reader = pipe.fileHandleForReading
        // Blocking reads of the child's output (each bounded by what is left of `timeout`) until the
        // listening line has arrived whole; everything read also goes to the log.
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [UInt8] = []
        while let chunk = Self.read(reader.fileDescriptor, until: deadline) {
            log.write(Data(chunk))
            seen += chunk
            if let port = Self.port(in: String(decoding: seen, as: UTF8.self)) {
                self.port = port
                Self.keepCopying(from: reader, to: log, into: output)
                return
            }
        }
        process.terminate()
        process.waitUntilExit()
        throw Failure.noPort(log: String(decoding: seen, as: UTF8.self))
    }

    /// What the child wrote next, waiting at most until `deadline`; nil at the deadline or end of output.
    private static func read(_ fd: Int32, until deadline: Date) -> [UInt8]? {
        while true {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard remaining > 0 else { return nil }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, remaining)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(chunk[..<count]) : nil
        }
    }

    /// Copies the rest of the child's output to the log on a thread of its own until the child ends,
    /// so the child never blocks on a full pipe.
    private static func keepCopying(from reader: FileHandle, to log: FileHandle, into output: Output) {
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(reader.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                log.write(Data(chunk[..<count]))
                output.text.withLock { $0 += chunk[..<count] }
                output.chunks.record()
            }
            try? log.close()
            output.finished.record()
        }
        thread.start()
    }

    /// The first non-nil `found` in what the server wrote since it started listening, waiting for
    /// each new chunk of output (bounded by `timeout`, and by the server's exit).
    func waitForOutput<T>(timeout: Duration = .seconds(10), _ found: (String) -> T?) -> T? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let chunks = output.chunks.value
            if let result = found(String(decoding: output.text.withLock { $0 }, as: UTF8.self)) { return result }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, output.chunks.wait(for: chunks + 1, timeout: remaining) else { return nil }
        }
    }

    /// The server's log so far.
    var logged: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Kills the server at once: nothing it had not already made durable survives.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        waitForLog()
    }

    /// Stops the server as an orchestrator would (SIGTERM), letting it save.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        waitForLog()
    }

    /// The child has exited, but the copying thread may still be writing its last lines to the log
    /// (on a busy machine, well after): `logged` must see them all.
    private func waitForLog() {
        _ = output.finished.wait(for: 1, timeout: .seconds(10))
    }

    deinit {
        if process.isRunning { kill() }
    }

    private static func port(in log: String) -> Int? {
        guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
        let rest = log[range.upperBound...]
        let digits = rest.prefix { $0.isNumber }
        // Only a whole number counts: the rest of the line may not have been read yet.
        guard !digits.isEmpty, digits.endIndex < rest.endIndex else { return nil }
        return Int(digits)
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

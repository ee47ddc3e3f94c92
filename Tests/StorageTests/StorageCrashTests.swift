import Foundation
import Testing
import TestSupport
@testable import Storage

/// A child process streams acknowledged writes and is killed with SIGKILL at a random moment;
/// every write it acknowledged must be there after reopening.
struct StorageCrashTests {
    static let rounds = 20

    /// The writer executable SwiftPM builds next to the test bundle.
    static var writerPath: String {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [buildFolder, buildFolder.deletingLastPathComponent(), buildFolder.deletingLastPathComponent().deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("StorageCrashWriter").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "StorageCrashWriter"
    }

    /// Blocking writers (20 rounds), and writers on the journal lane, whose acknowledgement is
    /// their completion (5 rounds: the same code path but the lane's).
    @Test(.timeLimit(.minutes(2)), arguments: [false, true])
    func acknowledgedWritesSurviveSIGKILL(throughTheLane: Bool) throws {
        let directory = TemporaryDirectory()
        let writer = Self.writerPath
        try #require(FileManager.default.isExecutableFile(atPath: writer), "build StorageCrashWriter first: \(writer)")
        var acknowledged: [String: Int] = [:]
        var cuts = 0

        let rounds = throughTheLane ? 5 : Self.rounds
        for round in 0..<rounds {
            let target = Int.random(in: 1...120)
            let lines = try runAndKill(
                writer, directory: directory.path, prefix: "r\(round)", after: target, lane: throughTheLane)
            #expect(lines.count >= target)
            for line in lines {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let sequence = Int(parts[1]) else {
                    Issue.record("unexpected output from the writer: \(line)")
                    continue
                }
                acknowledged[String(parts[0])] = sequence
            }

            let store = try JournalStore(configuration: .init(directory: directory.path, snapshotThreshold: 1 << 30))
            if !store.recovery.isClean { cuts += 1 }
            let contents = store.all("crash")
            for (key, sequence) in acknowledged {
                let expected = Array(String(repeating: key, count: 1 + sequence % 7).utf8)
                #expect(contents[key] == expected, "round \(round): acknowledged key \(key) lost or wrong")
            }
            store.close()
        }
        #expect(acknowledged.count >= rounds)
        print("crash test: \(acknowledged.count) acknowledged writes over \(rounds) rounds, \(cuts) torn tails cut")
    }

    /// Starts the writer, reads acknowledgements until `count` arrived (plus a random pause), kills
    /// it, then drains whatever it acknowledged before dying.
    func runAndKill(_ writer: String, directory: String, prefix: String, after count: Int, lane: Bool = false) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        process.arguments = [directory, prefix, "3", "8192"] + (lane ? ["lane"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        let reader = output.fileHandleForReading
        var buffer: [UInt8] = []
        var newlines = 0
        while newlines < count {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            newlines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        usleep(UInt32.random(in: 0...3000))
        kill(process.processIdentifier, SIGKILL)
        buffer += reader.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "writer exited early: \(String(decoding: buffer, as: UTF8.self).suffix(200))")

        // Only complete lines were acknowledged.
        let text = String(decoding: buffer, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !text.hasSuffix("\n"), !lines.isEmpty { lines.removeLast() }
        return lines
    }
}

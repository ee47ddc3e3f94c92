import Foundation

/// A fresh directory per test, removed when the test's value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-storage-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var journal: String { path + "/journal" }
    var snapshot: String { path + "/snapshot" }

    func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    func write(_ bytes: [UInt8], to file: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
}

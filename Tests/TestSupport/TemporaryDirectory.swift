import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when the
/// value goes away: the one scratch space every test uses, so none leaves folders behind.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    /// `prefix` names the folder after its test, so a folder left by a crashed run says whose it was.
    public init(prefix: String = "waypoint-test") {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder that does not exist yet: for code that must create its own folder.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes `contents` to a file inside the folder, creating the folders on the way.
    public func write(_ contents: String, to relative: String) throws {
        try write(Array(contents.utf8), to: path(relative))
    }

    /// Writes bytes to a file at an absolute path (usually one inside this folder).
    public func write(_ bytes: [UInt8], to file: String) throws {
        let url = URL(fileURLWithPath: file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// The bytes of a file at an absolute path.
    public func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    public func symlink(_ relative: String, pointingTo target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    /// Sets a file's modification time, so Last-Modified is predictable.
    public func setModified(_ relative: String, secondsSince1970 seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path(relative))
    }
}

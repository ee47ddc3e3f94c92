#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The sessions file of earlier versions (`sessions.json` in the data folder, rewritten whole on
/// every save). Read once at start-up and moved into the session journal.
public struct SessionFile: Sendable {
    public enum Error: Swift.Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case rename(path: String, errno: Int32)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path) cannot be read: \(reason)"
            case .rename(let path, let code): "rename \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    private struct Contents: Codable {
        public var version: Int
        public var sessions: [SessionRecord]
    }

    public static let currentVersion = 1
    public let path: String

    public init(directory: String) {
        path = directory + "/sessions.json"
    }

    /// The file's sessions, or nil when there is no file. A file that does not decode stops the
    /// start rather than being dropped silently.
    public func loadIfPresent() throws -> [SessionRecord]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            return contents.version == Self.currentVersion ? contents.sessions : []
        } catch {
            throw Error.unreadable(path: path, reason: "not a sessions file of this version (\(error))")
        }
    }

    /// Keeps the imported file beside the data as `sessions.json.imported`, never deleting it.
    public func retire() throws {
        guard rename(path, path + ".imported") == 0 else { throw Error.rename(path: path, errno: errno) }
    }
}

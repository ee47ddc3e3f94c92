import Foundation
import Glibc

/// The sessions file in the data folder (`sessions.json`), so a restart keeps everyone's place.
/// Written atomically: a temporary file is filled, flushed to disk, then renamed over the old one,
/// so a crash leaves either the old file or the new one, never half of each.
struct SessionFile: Sendable {
    enum Error: Swift.Error, CustomStringConvertible {
        case system(String, path: String, errno: Int32)

        var description: String {
            switch self {
            case .system(let call, let path, let code): "\(call) \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    private struct Contents: Codable {
        var version: Int
        var sessions: [SessionRecord]
    }

    static let currentVersion = 1
    let path: String

    init(directory: String) {
        path = directory + "/sessions.json"
    }

    /// The saved sessions; none when there is no file yet or it is from an unknown version.
    func load() throws -> [SessionRecord] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let contents = try JSONDecoder().decode(Contents.self, from: data)
        return contents.version == Self.currentVersion ? contents.sessions : []
    }

    func save(_ records: [SessionRecord]) throws {
        let data = try JSONEncoder().encode(Contents(version: Self.currentVersion, sessions: records))
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Error.system("open", path: temporary, errno: errno) }
        do {
            try data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw Error.system("write", path: temporary, errno: errno)
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw Error.system("fsync", path: temporary, errno: errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw Error.system("rename", path: path, errno: errno) }
        // The rename itself is durable once the directory is flushed.
        let directory = open(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]).nonEmpty ?? ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

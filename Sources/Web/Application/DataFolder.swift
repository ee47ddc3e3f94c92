#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The data folder's start-up checks: usable before anything is created in it, created owner-only,
/// and a warning when what is already there is open to other users (it holds password hashes,
/// reset links and session cookies).
public struct DataFolder {
    let path: String

    public init(path: String) {
        self.path = path
    }

    /// Checks that `path` is a folder this user can write, or can be created as one; creates nothing.
    func validate() throws(StartupError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .dataNotAFolder(path: path) }
            guard access(path, W_OK | X_OK) == 0 else {
                throw .dataNotWritable(path: path, reason: Self.reason(errno, writing: path))
            }
            return
        }
        guard errno == ENOENT || errno == ENOTDIR else {
            throw .dataNotWritable(path: path, reason: Self.reason(errno, writing: path))
        }
        // Missing: the nearest existing ancestor decides whether it can be created.
        var ancestor = Self.parent(of: path)
        while stat(ancestor, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .dataNotWritable(path: path, reason: Self.reason(errno, writing: ancestor))
            }
            ancestor = Self.parent(of: ancestor)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .dataNotWritable(path: path, reason: "\(ancestor) is not a folder")
        }
        guard access(ancestor, W_OK | X_OK) == 0 else {
            throw .dataNotWritable(path: path, reason: "it does not exist and " + Self.reason(errno, writing: ancestor))
        }
    }

    /// Creates the folder and any missing parents, owner-only.
    func create() throws(StartupError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .dataNotWritable(path: path, reason: Self.reason(errno, writing: prefix))
            }
            prefix += "/"
        }
    }

    /// One line naming what group or others can reach in the folder and the folders below it, or
    /// nil when everything is the owner's alone (or nothing is there yet).
    public func permissionWarning(limit: Int = 5) -> String? {
        var open: [String] = []
        collectOpen(path, depth: 0, into: &open)
        guard !open.isEmpty else { return nil }
        let shown = open.prefix(limit).joined(separator: ", ")
        let more = open.count > limit ? " and \(open.count - limit) more" : ""
        return "the data folder \(path) is readable by other users: \(shown)\(more); "
            + "it holds password hashes and reset links (chmod -R go-rwx \(path))"
    }

    private func collectOpen(_ entry: String, depth: Int, into open: inout [String]) {
        var info = stat()
        // The folder itself may be a link to the real one; links inside it are not followed.
        guard (depth == 0 ? stat(entry, &info) : lstat(entry, &info)) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return }
        let mode = info.st_mode & 0o777
        if mode & 0o077 != 0 { open.append("\(entry) (\(String(mode, radix: 8)))") }
        guard (info.st_mode & S_IFMT) == S_IFDIR, depth < 3 else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entry)) ?? []
        for name in names.sorted() {
            collectOpen(entry + "/" + name, depth: depth + 1, into: &open)
        }
    }

    private static func parent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static func reason(_ code: Int32, writing path: String) -> String {
        switch code {
        case EACCES, EPERM: "\(path) is not writable by this user (uid \(getuid()))"
        case EROFS: "\(path) is on a read-only file system"
        default: "\(path): \(String(cString: strerror(code)))"
        }
    }
}

extension DataFolder {
    /// Whether `path` is a folder (the subcommands refuse to create a data folder).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

import Glibc
import HTTPCore

/// One file under the static root, with its validators; `identity` detects changes on disk.
struct StaticFile: Sendable {
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    var identity: Identity
    var contents: [UInt8]
    var contentType: String
    var etag: String
    var lastModified: String
    /// The gzip-coded contents, made once when the file is cached (see `withGzipRepresentation`).
    var gzipped: [UInt8]? = nil
    /// The response headers of each representation, made once when the file is cached (see
    /// `withHeaders`); nil for a file served without the cache, whose headers are made per request.
    var identityHeaders: StaticFileHeaders? = nil
    var gzipHeaders: StaticFileHeaders? = nil

    /// The identity of a regular file at `path` (following symlinks), or nil for anything else.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modifiedSeconds: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// Reads the file whole; nil if it vanished or changed while being read.
    static func load(path: String, identity: Identity) -> StaticFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var contents = [UInt8](repeating: 0, count: identity.size)
        var offset = 0
        while offset < identity.size {
            let count = contents.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, identity.size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        let etag = "\"\(String(identity.size, radix: 16))-\(String(identity.modifiedSeconds, radix: 16))"
            + "\(String(identity.modifiedNanoseconds, radix: 16))\""
        return StaticFile(
            identity: identity, contents: contents, contentType: MIMEType.forPath(path), etag: etag,
            lastModified: HTTPDate.string(secondsSince1970: identity.modifiedSeconds))
    }
}

import Glibc
import HTTPCore

/// One file under the static root, with its validators; `identity` detects changes on disk.
/// A class of constants: the cache hands every request the same instance for one reference count,
/// where a struct of a dozen references would be copied (and counted) field by field.
final class StaticFile: Sendable {
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    let identity: Identity
    let contents: [UInt8]
    let contentType: String
    /// Whether the type is text worth gzipping: settled once, not per request.
    let isCompressible: Bool
    let etag: String
    let lastModified: String
    /// The gzip-coded contents, made once when the file is cached (see `withGzipRepresentation`).
    let gzipped: [UInt8]?
    /// The response headers of each representation, made once when the file is cached (see
    /// `withHeaders`); nil for a file served without the cache, whose headers are made per request.
    let identityHeaders: StaticFileHeaders?
    let gzipHeaders: StaticFileHeaders?

    init(
        identity: Identity, contents: [UInt8], contentType: String, etag: String, lastModified: String,
        gzipped: [UInt8]? = nil, identityHeaders: StaticFileHeaders? = nil, gzipHeaders: StaticFileHeaders? = nil
    ) {
        self.identity = identity
        self.contents = contents
        self.contentType = contentType
        self.isCompressible = ResponseCompression.isCompressible(contentType: contentType)
        self.etag = etag
        self.lastModified = lastModified
        self.gzipped = gzipped
        self.identityHeaders = identityHeaders
        self.gzipHeaders = gzipHeaders
    }

    /// This file with `gzipped` and the headers replaced.
    func with(gzipped: [UInt8]?, identityHeaders: StaticFileHeaders?, gzipHeaders: StaticFileHeaders?) -> StaticFile {
        StaticFile(
            identity: identity, contents: contents, contentType: contentType, etag: etag, lastModified: lastModified,
            gzipped: gzipped, identityHeaders: identityHeaders, gzipHeaders: gzipHeaders)
    }

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

import Deflate
import Glibc
import HTTPCore
import Networking
import Synchronization

/// Serves the files under `root` at the site root (`Public/styles.css` as `/styles.css`) with
/// validators and caching headers, and passes every other request to `next`. No request can reach
/// a file outside `root`: paths are checked after decoding and again after resolving symlinks.
public struct StaticFileResponder: HTTPResponder {
    public struct Configuration: Sendable {
        public var cacheControl: String
        /// Files up to this size stay in memory (revalidated against the file's identity, see
        /// `revalidationInterval`).
        public var maxCachedFileBytes: Int
        /// How long a cached file is served without asking the file system whether it changed (a
        /// `stat` per request otherwise, a third of the system calls of a static answer). Zero, the
        /// default and for development, checks every request; a file changed on disk is seen at the
        /// latest this long after, as with nginx's `open_file_cache_valid`.
        public var revalidationInterval: Duration
        /// Take the names at the top of `root` once, at start: a plain path whose first segment is
        /// none of them goes to `next` without a `stat`. Off (development), every path is looked up,
        /// so files added while running are found.
        public var freezesTopLevelNames: Bool
        /// The page for a request refused here (400 for a path that may not name a file, 404, 405),
        /// so those answers wear the application's layout and headers like the server's own; the
        /// same hook as `HTTPServer.Configuration.errorPage`. nil, or a nil result, answers plain text.
        public var errorPage: HTTPServer.Configuration.ErrorPage?

        public init(
            cacheControl: String = "public, max-age=3600", maxCachedFileBytes: Int = 512 * 1024,
            freezesTopLevelNames: Bool = false, errorPage: HTTPServer.Configuration.ErrorPage? = nil,
            revalidationInterval: Duration = .zero
        ) {
            self.cacheControl = cacheControl
            self.maxCachedFileBytes = maxCachedFileBytes
            self.revalidationInterval = revalidationInterval
            self.freezesTopLevelNames = freezesTopLevelNames
            self.errorPage = errorPage
        }
    }

    private let root: String?
    private let next: any HTTPResponder
    private let configuration: Configuration
    private let cache: StaticFileCache
    /// `configuration.revalidationInterval` in nanoseconds of the monotonic clock.
    private let revalidationNanoseconds: UInt64
    /// With `freezesTopLevelNames`: the names in `root` at start.
    private let topLevelNames: StaticFileNames?

    /// `root` is resolved once; if it does not exist every request goes to `next`.
    public init(root: String, next: any HTTPResponder, configuration: Configuration = .init()) {
        let root = Self.realPath(root)
        self.root = root
        self.next = next
        self.configuration = configuration
        self.cache = StaticFileCache()
        let (seconds, attoseconds) = configuration.revalidationInterval.components
        self.revalidationNanoseconds = seconds <= 0 && attoseconds <= 0
            ? 0 : UInt64(min(seconds, 1 << 32)) &* 1_000_000_000 &+ UInt64(max(attoseconds, 0) / 1_000_000_000)
        self.topLevelNames = configuration.freezesTopLevelNames ? root.map(StaticFileNames.init(listing:)) : nil
    }

    public func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        guard let root else { return next.respond(to: request, connection: connection, reply: reply) }
        // Checked on disk within the interval: served without a `stat`.
        let now = revalidationNanoseconds > 0 ? MonotonicClock.now() : 0
        // A plain path (every file a page links to) is settled in one pass over its bytes.
        let destination = request.path.utf8.withContiguousStorageIfAvailable { route(plain: $0, of: request.path, now: now) }
            ?? route(general: request.path, now: now)
        switch destination {
        case .passOn:
            next.respond(to: request, connection: connection, reply: reply)
        case .rejected:
            reply.labeled(Self.label).send(refusal(.badRequest, reason: "This path is not allowed."))
        case .cached(let file):
            reply.send(response(for: request, file: file), labeled: Self.label)
        case .lookUp(let relative, let hash):
            let path = root + "/" + relative
            guard let identity = StaticFile.identity(of: path) else {
                return next.respond(to: request, connection: connection, reply: reply)
            }
            guard let file = file(relative: relative, hash: hash, path: path, root: root, identity: identity, now: now) else {
                return reply.labeled(Self.label).send(refusal(.notFound, reason: "There is no file at this address."))
            }
            reply.send(response(for: request, file: file), labeled: Self.label)
        }
    }

    /// Where a request goes from here.
    private enum Route {
        /// Not a file here: to `next`.
        case passOn
        /// A path that may not name a file (400).
        case rejected
        /// Found in the cache, checked on disk within the interval.
        case cached(StaticFile)
        /// A file path (relative to the root, with its `StaticFilePath.hash`) to look up on disk.
        case lookUp(String, hash: UInt64)
    }

    /// The route of a plain path (see `StaticFilePath.scanPlain`), from the one pass over its
    /// bytes and, for a file cached and checked since `now` less the interval, the cache;
    /// `route(general:)` for a path the pass cannot settle (given again as `string`).
    private func route(plain path: UnsafeBufferPointer<UInt8>, of string: String, now: UInt64) -> Route {
        guard let plain = StaticFilePath.scanPlain(path) else { return route(general: string, now: now) }
        if let topLevelNames, !topLevelNames.mayName(path, plain) { return .passOn }
        switch plain.verdict {
        case .notAFile: return .passOn
        case .rejected: return .rejected
        case .file: return route(file: UnsafeBufferPointer(rebasing: path[1...]), hash: plain.hash, now: now)
        }
    }

    /// The route of any other path: the names checked, then decoded and judged.
    private func route(general path: String, now: UInt64) -> Route {
        guard topLevelNames?.mayName(path) ?? true else { return .passOn }
        switch StaticFilePath.resolve(path) {
        case .notAFile: return .passOn
        case .rejected: return .rejected
        case .file(var relative): return relative.withUTF8 { route(file: $0, hash: StaticFilePath.hash($0), now: now) }
        }
    }

    /// A file path relative to the root: the cached file if checked on disk within the interval.
    private func route(file relative: UnsafeBufferPointer<UInt8>, hash: UInt64, now: UInt64) -> Route {
        if revalidationNanoseconds > 0,
           let file = cache.file(for: relative, hash: hash, checkedSince: now &- revalidationNanoseconds) {
            return .cached(file)
        }
        return .lookUp(String(decoding: relative, as: UTF8.self), hash: hash)
    }

    /// Every answer from here counts under one label, whatever the file.
    private static let label = ExchangeLabel("static")

    /// The answer for `file`. A 200 or 304 is a representation chosen here: the server codes none
    /// of them again (a file too big for the cache is never coded on the event loop per request).
    private func response(for request: HTTPRequest, file: StaticFile) -> HTTPResponse {
        var response = answer(for: request, file: file)
        let code = response.status.code
        response.isRepresentationChosen = code == 200 || code == 304
        return response
    }

    private func answer(for request: HTTPRequest, file: StaticFile) -> HTTPResponse {
        // The three fields asked of every request, found in one pass: most requests send none of
        // the validators, and each absent one is then settled without a further scan.
        let (noneMatch, modifiedSince, acceptEncoding) = request.headers.firstValues(
            "If-None-Match", "If-Modified-Since", "Accept-Encoding")
        // Text files come as gzip or plain: which one follows Accept-Encoding, and each has its own ETag.
        // Without the field the answer is plain whatever the file (`AcceptEncoding` chooses the
        // identity for a client that says nothing): settled without asking.
        let choice = file.isCompressible && acceptEncoding != nil ? encodingChoice(for: request.headers, file: file) : .identity
        guard request.method == .get || request.method == .head else {
            var response = refusal(.methodNotAllowed, reason: "Files can only be read (GET or HEAD).")
            response.headers.set("Allow", "GET, HEAD")
            return response
        }
        let gzip = choice == .gzip
        if (noneMatch != nil || modifiedSince != nil) && isNotModified(request, file: file) {
            let headers = (gzip ? file.gzipHeaders?.notModified : file.identityHeaders?.notModified)
                ?? file.headers(gzip: gzip, cacheControl: configuration.cacheControl).notModified
            return HTTPResponse(status: .notModified, headers: headers)
        }
        // Only the headers sent are copied out of the file (each copy counts its references).
        let headers = (gzip ? file.gzipHeaders?.ok : file.identityHeaders?.ok)
            ?? file.headers(gzip: gzip, cacheControl: configuration.cacheControl).ok
        switch choice {
        case .identity:
            return HTTPResponse(status: .ok, headers: headers, body: file.contents)
        case .gzip:
            // Only a file under 1 KiB has no coded copy kept: it is coded per request, at little cost.
            return HTTPResponse(status: .ok, headers: headers, body: file.gzipped ?? Gzip.compress(file.contents))
        case .notAcceptable:
            var response = refusal(
                .notAcceptable, reason: "This file is available as gzip or uncoded, and the request refuses both.")
            response.headers.add("Vary", "Accept-Encoding")
            return response
        }
    }

    /// gzip when the client chooses it and a coded copy is kept; files too big for the cache have none
    /// and are never coded on the event loop per request (plain, or 406 if the identity is refused).
    private func encodingChoice(for headers: HTTPHeaders, file: StaticFile) -> AcceptEncoding.Choice {
        if file.gzipped != nil { return AcceptEncoding.choice(in: headers, gzipWorthwhile: true) }
        if file.contents.count < ResponseCompression.minimumBytes { return AcceptEncoding.choice(in: headers, gzipWorthwhile: false) }
        return AcceptEncoding(headers).acceptsIdentity ? .identity : .notAcceptable
    }

    /// The configured error page for `status`, or a plain-text one.
    private func refusal(_ status: HTTPStatus, reason: String) -> HTTPResponse {
        var response = configuration.errorPage?(status, reason)
            ?? HTTPResponse.text("\(status.code) \(status.reasonPhrase)\n\(reason)\n", status: status)
        response.status = status
        return response
    }

    /// If-None-Match wins over If-Modified-Since, as RFC 9110 asks.
    private func isNotModified(_ request: HTTPRequest, file: StaticFile) -> Bool {
        let tags = request.headers.values(for: "If-None-Match")
        if !tags.isEmpty {
            return tags.contains { value in
                value.split(separator: ",").contains { candidate in
                    let tag = candidate.drop { $0 == " " || $0 == "\t" }.trimmingSuffixSpaces()
                    // Either representation's tag matches: both stand for this version of the file.
                    return tag == "*" || [file.etag, file.gzipETag].contains { tag == $0 || tag == "W/" + $0 }
                }
            }
        }
        if let since = request.headers["If-Modified-Since"], let seconds = HTTPDate.secondsSince1970(parsing: since) {
            return file.identity.modifiedSeconds <= seconds
        }
        return false
    }

    /// The file from the cache if unchanged on disk, else loaded after checking it resolves inside root.
    private func file(
        relative: String, hash: UInt64, path: String, root: String, identity: StaticFile.Identity, now: UInt64
    ) -> StaticFile? {
        var relative = relative
        if let cached = relative.withUTF8({ cache.file(for: $0, hash: hash, identity: identity, checkedAt: now) }) { return cached }
        guard let resolved = Self.realPath(path), resolved.hasPrefix(root + "/"),
              let file = StaticFile.load(path: resolved, identity: identity)
        else { return nil }
        guard identity.size <= configuration.maxCachedFileBytes else { return file }
        let cached = file.withGzipRepresentation().withHeaders(cacheControl: configuration.cacheControl)
        relative.withUTF8 { cache.store(cached, for: $0, hash: hash, checkedAt: now) }
        return cached
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

private extension Substring {
    func trimmingSuffixSpaces() -> Substring {
        var result = self
        while result.last == " " || result.last == "\t" { result = result.dropLast() }
        return result
    }
}

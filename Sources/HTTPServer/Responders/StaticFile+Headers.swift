import HTTPCore

/// A representation's response headers: for a 304, and for a 200 (with its type and coding).
struct StaticFileHeaders: Sendable {
    var notModified: HTTPHeaders
    var ok: HTTPHeaders
}

extension StaticFile {
    /// The headers of the plain or the gzip representation, with `cacheControl`.
    func headers(gzip: Bool, cacheControl: String) -> StaticFileHeaders {
        var headers: HTTPHeaders = [:]
        // Each representation has its own ETag.
        headers.add("ETag", gzip ? gzipETag : etag)
        headers.add("Last-Modified", lastModified)
        headers.add("Cache-Control", cacheControl)
        if isCompressible { headers.add("Vary", "Accept-Encoding") }
        // The type is the one the file's name implies; a browser must not guess another.
        headers.add("X-Content-Type-Options", "nosniff")
        var ok = headers
        ok.add("Content-Type", contentType)
        if gzip { ok.add("Content-Encoding", "gzip") }
        return StaticFileHeaders(notModified: headers, ok: ok)
    }

    /// The file with both representations' headers made once, while it goes into the cache, so a
    /// request for it builds none, and in wire form, so an answer copies them as one block.
    func withHeaders(cacheControl: String) -> StaticFile {
        with(
            gzipped: gzipped, identityHeaders: headers(gzip: false, cacheControl: cacheControl).inWireForm,
            gzipHeaders: headers(gzip: true, cacheControl: cacheControl).inWireForm)
    }
}

extension StaticFileHeaders {
    var inWireForm: StaticFileHeaders {
        StaticFileHeaders(notModified: notModified.withWireForm(), ok: ok.withWireForm())
    }
}

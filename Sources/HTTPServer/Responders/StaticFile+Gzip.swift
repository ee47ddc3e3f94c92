import Deflate

extension StaticFile {
    /// The file with its gzip representation made once, while it goes into the cache: text of
    /// 1 KiB or more, kept only if coding it saves bytes.
    func withGzipRepresentation() -> StaticFile {
        guard isCompressible, contents.count >= ResponseCompression.minimumBytes else { return self }
        let gzipped = Gzip.compress(contents)
        guard gzipped.count < contents.count else { return self }
        return with(gzipped: gzipped, identityHeaders: identityHeaders, gzipHeaders: gzipHeaders)
    }

    /// The ETag of the gzip representation: the identity's, with `-gzip` inside the quotes.
    var gzipETag: String { ResponseCompression.gzipETag(etag) }
}

import Deflate
import HTTPCore

/// Content coding of finished responses, applied where the connection frames them: text bodies
/// (HTML, CSS, JavaScript, SVG, plain text) of 1 KiB or more are gzipped when the request's
/// Accept-Encoding chooses gzip, and such types always carry `Vary: Accept-Encoding` so caches
/// keep the two representations apart. A response that already has a Content-Encoding (the static
/// files, compressed once ahead of time) is left alone.
enum ResponseCompression {
    /// Below this, gzip's framing eats most of the saving.
    static let minimumBytes = 1024
    /// Above this a body is sent as it is: coding it would hold the event loop for milliseconds.
    static let maximumBytes = 4 << 20

    private static let compressibleTypes: [[UInt8]] = [
        "text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml", "text/plain",
    ].map { Array($0.utf8) }

    /// Whether `contentType` names text that gzip shrinks well. Runs for every response, so it
    /// compares the media type's bytes in place instead of building strings.
    static func isCompressible(contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { bytes in
            var start = 0
            while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            let length = end - start
            for type in compressibleTypes where type.count == length {
                var index = 0
                while index < length {
                    let byte = bytes[start + index]
                    guard type[index] == (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) else { break }
                    index += 1
                }
                if index == length { return true }
            }
            return false
        }
    }

    /// Settles how `response` is coded for a client that sent `accept` (parsed only when a coding
    /// is to be chosen: most answers need none of it), and sets the headers that
    /// go with it; returns true when the body must be gzipped, which the caller does while framing
    /// the response, straight into its outbound bytes (the headers here never mention the length).
    /// Bodiless statuses and empty bodies (a HEAD answered without its body) are never coded. When
    /// the client refuses the identity and gzip alike the answer becomes 406, made by `notAcceptable`.
    /// A response whose representation the responder chose (`isRepresentationChosen`) is left alone.
    static func prepare(
        _ response: inout HTTPResponse, accepting accept: @autoclosure () -> AcceptEncoding,
        notAcceptable: (String) -> HTTPResponse
    ) -> Bool {
        guard !response.isRepresentationChosen else { return false }
        let code = response.status.code
        guard code >= 200, code != 204, code != 206, code != 304 else { return false }
        // One pass over the fields for the three this needs.
        let (encoding, contentType, vary) = response.headers.firstValues("Content-Encoding", "Content-Type", "Vary")
        guard encoding == nil, isCompressible(contentType: contentType) else { return false }
        // Static files carry it as their only Vary: settled with no further lookup.
        if vary != "Accept-Encoding" { addVary(to: &response.headers) }
        guard !response.body.isEmpty, response.body.count <= maximumBytes else { return false }
        switch accept().choice(gzipWorthwhile: response.body.count >= minimumBytes) {
        case .identity:
            return false
        case .gzip:
            response.headers.set("Content-Encoding", "gzip")
            if let etag = response.headers["ETag"] { response.headers.set("ETag", gzipETag(etag)) }
            return true
        case .notAcceptable:
            var refusal = notAcceptable("This resource is available as gzip or uncoded, and the request refuses both.")
            refusal.status = .notAcceptable
            addVary(to: &refusal.headers)
            response = refusal
            return false
        }
    }

    /// The ETag of the gzip representation: a strong tag gets `-gzip` inside its quotes, since the
    /// bytes differ; a weak one already only promises equivalent content.
    static func gzipETag(_ etag: String) -> String {
        guard etag.hasPrefix("\""), etag.hasSuffix("\""), etag.count >= 2 else { return etag }
        return String(etag.dropLast()) + "-gzip\""
    }

    /// Adds `Accept-Encoding` to Vary unless already there (or Vary is `*`).
    static func addVary(to headers: inout HTTPHeaders) {
        // Static files carry it as their only Vary: settled by one lookup, with no list made.
        if headers["Vary"] == "Accept-Encoding" { return }
        let values = headers.values(for: "Vary")
        guard !values.isEmpty else { return headers.add("Vary", "Accept-Encoding") }
        // Static files carry it already, spelled as here: settled without taking the list apart.
        guard !values.contains("Accept-Encoding") else { return }
        let listed = values.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: " \t").lowercased() }
        guard !listed.contains("accept-encoding"), !listed.contains("*") else { return }
        headers.add("Vary", "Accept-Encoding")
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}

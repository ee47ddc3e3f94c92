/// One parsed request. `path` and `query` stay percent-encoded so routing sees exactly what was sent.
/// Equatable so a parsed request can be compared whole.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The request-target as sent; setting it re-derives `path` and `query`.
    public var target: String {
        didSet { (path, query) = HTTPRequest.split(target: target) }
    }
    /// The target's path (for absolute-form targets, the path after the authority), not percent-decoded.
    public private(set) var path: String
    /// Everything after the first `?`, raw; nil when the target has no `?`.
    public private(set) var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(
        method: HTTPMethod = .get,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        (path, query) = HTTPRequest.split(target: target)
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// Whether the connection may carry another request: HTTP/1.1 defaults to yes, 1.0 to no,
    /// and `Connection: close` / `keep-alive` (tokens, case-insensitive) override the default.
    public var keepAlive: Bool {
        var sawKeepAlive = false
        for (name, value) in headers where ASCII.caseInsensitiveEquals(name, "Connection") {
            for token in ASCII.listElements(value) {
                if ASCII.caseInsensitiveEquals(token.utf8, "close") { return false }
                if ASCII.caseInsensitiveEquals(token.utf8, "keep-alive") { sawKeepAlive = true }
            }
        }
        return sawKeepAlive || version == .http1_1
    }

    static func split(target: String) -> (path: String, query: String?) {
        // origin-form without a query, most requests: the target is the path, found by one scan
        // of its contiguous bytes (the generic search over a UTF-8 view steps index by index).
        if target.utf8.first == ASCII.slash,
           target.utf8.withContiguousStorageIfAvailable({ !$0.contains(ASCII.question) }) == true {
            return (target, nil)
        }
        var path = Substring(target)
        if target.utf8.first != ASCII.slash, let schemeEnd = target.firstRange(of: "://") {
            // absolute-form: drop scheme and authority, keep the path (RFC 9112 §3.2.2).
            path = target[schemeEnd.upperBound...]
            path = path[(path.utf8.firstIndex { $0 == ASCII.slash || $0 == ASCII.question } ?? path.endIndex)...]
        }
        var query: String?
        if let mark = path.utf8.firstIndex(of: ASCII.question) {
            query = String(path[path.utf8.index(after: mark)...])
            path = path[..<mark]
        }
        return (path.isEmpty ? "/" : String(path), query)
    }
}

/// One parsed request. `path` and `query` stay percent-encoded so routing sees exactly what was sent.
/// Equatable so a parsed request can be compared whole.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The request-target as sent; setting it re-derives `path` and `query`.
    public var target: String {
        get { sentTarget }
        set {
            sentTarget = newValue
            (path, query) = HTTPRequest.split(target: newValue)
        }
    }
    /// `target`'s storage.
    private var sentTarget: String
    /// The target's path (for absolute-form targets, the path after the authority), not percent-decoded.
    public private(set) var path: String
    /// Everything after the first `?`, raw; nil when the target has no `?`.
    public private(set) var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]

    /// Whether the connection may carry another request: HTTP/1.1 defaults to yes, 1.0 to no,
    /// and `Connection: close` / `keep-alive` (tokens, case-insensitive) override the default.
    public var keepAlive: Bool {
        var sawKeepAlive = false
        var sawClose = false
        headers.forEachValue(of: "Connection") { value in
            for token in ASCII.listElements(value) {
                if ASCII.caseInsensitiveEquals(token.utf8, "close") {
                    sawClose = true
                    return false
                }
                if ASCII.caseInsensitiveEquals(token.utf8, "keep-alive") { sawKeepAlive = true }
            }
            return true
        }
        if sawClose { return false }
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

extension HTTPRequest {
    public init(
        method: HTTPMethod = .get,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        let (path, query) = HTTPRequest.split(target: target)
        self.init(method: method, sentTarget: target, path: path, query: query, version: version, headers: headers, body: body)
    }

    /// A parsed request: a target the parser saw to be a path without a query (`targetIsPath`)
    /// is not scanned again to split it. Built through the memberwise initialiser, the request is
    /// made in place: assigned property by property, it was built aside and copied out whole (a
    /// reference count taken and dropped for each of its parts).
    static func parsed(
        method: HTTPMethod, target: String, targetIsPath: Bool, version: HTTPVersion, headers: HTTPHeaders, body: [UInt8]
    ) -> HTTPRequest {
        let (path, query) = targetIsPath ? (target, nil) : HTTPRequest.split(target: target)
        return HTTPRequest(method: method, sentTarget: target, path: path, query: query, version: version, headers: headers, body: body)
    }
}

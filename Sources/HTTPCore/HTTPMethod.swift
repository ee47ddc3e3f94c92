/// A request method, compared exactly: RFC 9110 methods are case-sensitive, so `get` is not `GET`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Lengths first: GET and HEAD, asked of every answer, differ there at once, where comparing
    /// the strings themselves takes the standard library's general path (a hundred instructions).
    public static func == (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool {
        lhs.rawValue.utf8.count == rhs.rawValue.utf8.count && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    // Computed rather than stored globals: each use builds the short literal in place (a small
    // string: no allocation, no reference count) without a call to a global's lazy initialiser.
    public static var get: HTTPMethod { HTTPMethod(rawValue: "GET") }
    public static var head: HTTPMethod { HTTPMethod(rawValue: "HEAD") }
    public static var post: HTTPMethod { HTTPMethod(rawValue: "POST") }
    public static var put: HTTPMethod { HTTPMethod(rawValue: "PUT") }
    public static var delete: HTTPMethod { HTTPMethod(rawValue: "DELETE") }
    public static var options: HTTPMethod { HTTPMethod(rawValue: "OPTIONS") }
    public static var patch: HTTPMethod { HTTPMethod(rawValue: "PATCH") }
    public static var trace: HTTPMethod { HTTPMethod(rawValue: "TRACE") }
    public static var connect: HTTPMethod { HTTPMethod(rawValue: "CONNECT") }
}

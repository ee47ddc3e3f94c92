/// Why a request could not be parsed, with the status to answer before closing the connection.
public struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    public var status: HTTPStatus
    /// A short human-readable cause, safe to show the client (it never echoes request bytes).
    public var reason: String

    public init(status: HTTPStatus, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.code) \(status.reasonPhrase): \(reason)" }

    static func badRequest(_ reason: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, reason: reason)
    }
}

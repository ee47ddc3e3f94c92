/// What a 404 offers: the nearest screen that exists, and in dev mode the routes closest to the URL.
public struct NotFoundContent: Hashable, Sendable {
    public var message: String
    /// The path as asked, still percent-encoded: it names no route, so it is kept apart from `Screen.url`.
    public var requestedPath: String
    public var nearest: Link
    /// Empty unless the server runs in dev mode.
    public var closest: [Link]
}

/// What a refused change says: whose item it is to change, and a way back to the start.
public struct ForbiddenContent: Hashable, Sendable {
    public var heading: String
    public var message: String
    /// The start page (`/`, which returns to where the viewer was).
    public var homeHref: AppRoute
}

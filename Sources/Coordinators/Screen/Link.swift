/// A titled href. `href` is always a printed `AppRoute`, never spelled by a template.
public struct Link: Hashable, Sendable {
    public var title: String
    public var href: String
    /// The tab, breadcrumb or row the user is on (`aria-current`).
    public var isCurrent: Bool

    public init(title: String, href: String, isCurrent: Bool = false) {
        self.title = title
        self.href = href
        self.isCurrent = isCurrent
    }
}

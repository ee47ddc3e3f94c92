/// A titled href. `href` is a route, printed at the edge, never spelled by a template.
public struct Link: Hashable, Sendable {
    public var title: String
    public var href: AppRoute
    /// The tab, breadcrumb or row the user is on (`aria-current`).
    public var isCurrent: Bool
    /// The id of a symbol in `Public/icons.svg` drawn beside the title (the tab bar's links).
    public var icon: String?

    public init(title: String, href: AppRoute, isCurrent: Bool = false, icon: String? = nil) {
        self.title = title
        self.href = href
        self.isCurrent = isCurrent
        self.icon = icon
    }
}

import Models

/// Everything a page template needs: the content from view models, every link as a route (printed
/// at the edge, straight into the page), and the chrome (tab bar, breadcrumbs, back link, an open sheet).
public struct Screen: Hashable, Sendable {
    public var template: ScreenTemplate
    /// The document title.
    public var title: String
    /// This screen's route (a 404: the nearest screen that exists); forms without their own action
    /// post here.
    public var url: AppRoute
    public var status: ScreenStatus
    /// Library, Flow, Screen; the active tab is `isCurrent` and links to its root.
    public var tabs: [Link]
    /// Earlier screens of the stack, root first; the current screen is not among them.
    public var breadcrumbs: [Link]
    /// The screen under this one, for pushed screens only.
    public var backLink: Link?
    public var viewer: ViewerChrome
    public var content: ScreenContent
    /// A modal presented over `content`; it carries its own dismiss link.
    public var sheet: Sheet?
    /// A one-time confirmation of what the viewer just did.
    public var notice: String?
    /// Keeps the breadcrumb row (the current screen alone) when there is no earlier screen, so a
    /// screen whose pushes are shown in place (the Library's panes) does not move down when the
    /// first crumb appears.
    public var keepsBreadcrumbRow = false

    public init(
        template: ScreenTemplate, title: String, url: AppRoute, status: ScreenStatus = .ok, tabs: [Link] = [],
        breadcrumbs: [Link] = [], backLink: Link? = nil, viewer: ViewerChrome, content: ScreenContent,
        sheet: Sheet? = nil, notice: String? = nil, keepsBreadcrumbRow: Bool = false
    ) {
        self.template = template
        self.title = title
        self.url = url
        self.status = status
        self.tabs = tabs
        self.breadcrumbs = breadcrumbs
        self.backLink = backLink
        self.viewer = viewer
        self.content = content
        self.sheet = sheet
        self.notice = notice
        self.keepsBreadcrumbRow = keepsBreadcrumbRow
    }

    public var hasSheet: Bool { sheet != nil }
    public var hasBreadcrumbs: Bool { keepsBreadcrumbRow || !breadcrumbs.isEmpty }
}

/// Which page template renders a screen: the template's file name. The tabs' and the site's own
/// pages are named here; an account page's template is declared with its route
/// (`RoutePattern.template`), so a new account page needs no name here.
public struct ScreenTemplate: Hashable, Sendable {
    /// The template's file name, without `.mustache`.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let library = ScreenTemplate("library")
    public static let flow = ScreenTemplate("flow")
    public static let screen = ScreenTemplate("screen")
    public static let inspector = ScreenTemplate("inspector")
    public static let notFound = ScreenTemplate("not-found")
    /// The site's error page, in the layout with the viewer's chrome.
    public static let forbidden = ScreenTemplate("error")

    /// Every template a screen may be rendered with, each once: what start-up requires.
    public static let all: [ScreenTemplate] = {
        var all = [library, flow, screen, inspector, notFound, forbidden]
        for declaration in AppRoute.declarations {
            if let template = declaration.pattern.template, !all.contains(template) { all.append(template) }
        }
        return all
    }()
}

/// The Library's panes: screens of its content pane that belong to no category (Settings). Each is
/// declared here once (its URL, its title, whether it takes a form, its printed spelling, the type
/// that shows it and decides its form); the Library's stack, validation, sign-in reasons and titles
/// treat every pane alike (`LibraryRoute.pane`), so a new pane adds its case here and its
/// `LibraryPaneScreen` (`Sources/Coordinators/Panes/`).
public enum LibraryPane: String, Hashable, Sendable, CaseIterable {
    /// `/library/settings`: the viewer's display name, theme and subtitles; resetting navigation.
    case settings

    enum URLs {
        enum Settings: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/library/", .reserved("settings"), forms: true, title: "Settings", failure: "Settings not saved") { _ in .library(.pane(.settings)) }
            }
        }

        /// Before the categories, whose slugs could spell a pane's word.
        static var all: [RoutePattern] { [Settings.pattern] }
    }

    /// What shows the pane and decides its form.
    var screen: any LibraryPaneScreen.Type {
        switch self {
        case .settings: SettingsPane.self
        }
    }

    /// The one switch from a pane to its declaration.
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .settings: visitor.visit(URLs.Settings.self, RouteValues())
        }
    }

    /// The printer's arm (hand-written for speed, held to the declaration by `RoutePrintingTests`).
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .settings: writer.append("/library/settings")
        }
    }
}

import Models

/// The header's account area and the viewer's look, the same on every page.
public struct ViewerChrome: Hashable, Sendable {
    public var isSignedIn: Bool
    /// The signed-in user's display name; nil for visitors.
    public var displayName: String?
    /// `system`, `light` or `dark`: a class on `<html>`.
    public var theme: String
    public var loginHref: String
    public var registerHref: String
    /// A form action (POST) so signing out cannot be triggered by a link.
    public var logoutAction: String
    public var settingsHref: String
    public var inspectorHref: String

    public init(
        isSignedIn: Bool, displayName: String?, theme: String, loginHref: String, registerHref: String,
        logoutAction: String, settingsHref: String, inspectorHref: String
    ) {
        self.isSignedIn = isSignedIn
        self.displayName = displayName
        self.theme = theme
        self.loginHref = loginHref
        self.registerHref = registerHref
        self.logoutAction = logoutAction
        self.settingsHref = settingsHref
        self.inspectorHref = inspectorHref
    }
}

import Models

/// The header's account area and the viewer's look, the same on every page.
public struct ViewerChrome: Hashable, Sendable {
    public var isSignedIn: Bool
    /// The signed-in user's display name; nil for visitors.
    public var displayName: String?
    /// `system`, `light` or `dark`: a class on `<html>`.
    public var theme: String
    /// Sign in and register, each returning to the page they are on.
    public var loginHref: AppRoute
    public var registerHref: AppRoute
    /// A form action (POST) so signing out cannot be triggered by a link.
    public var logoutAction: AppRoute
    public var settingsHref: AppRoute
    public var inspectorHref: AppRoute

    public init(
        isSignedIn: Bool, displayName: String?, theme: String, loginHref: AppRoute, registerHref: AppRoute,
        logoutAction: AppRoute, settingsHref: AppRoute, inspectorHref: AppRoute
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

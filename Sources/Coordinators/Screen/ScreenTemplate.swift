/// Which page template renders a screen; the raw value is the template's file name.
public enum ScreenTemplate: String, Hashable, Sendable, CaseIterable {
    case library
    case flow
    case screen
    case login
    case register
    case forgotPassword = "forgot-password"
    case resetPassword = "reset-password"
    case inspector
    case notFound = "not-found"
    /// The site's error page, in the layout with the viewer's chrome.
    case forbidden = "error"
}

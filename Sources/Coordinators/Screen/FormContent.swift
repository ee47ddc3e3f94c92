import ViewModels

/// A form ready to render: where it posts, its fields (values kept, passwords never) and errors.
public struct FormContent: Hashable, Sendable {
    /// Always the route of the screen the form is on (post/redirect/get), printed at the edge.
    public var action: AppRoute
    public var submitLabel: String
    public var fields: [FormField]
    /// Every error in page order, for the "Form Invalid" summary.
    public var errors: [FormError]
    /// Drives the "Form Invalid" summary and `aria-invalid`.
    public var isInvalid: Bool
    /// A confirmation shown instead of errors ("Settings saved", "we sent a link").
    public var notice: String?
    /// The error summary's heading: what failed on this screen ("Sign-in failed", "Item not added").
    public var failureTitle: String
    /// A wizard step's second button, which goes one step back keeping what was typed.
    public var backLabel: String?
    /// A wizard's Cancel: closes its sheet (and so ends the wizard).
    public var cancelHref: AppRoute?

    public init(action: AppRoute, submitLabel: String, state: FormState) {
        self.action = action
        self.submitLabel = submitLabel
        fields = state.fields
        errors = state.errors
        isInvalid = state.isInvalid
        notice = state.notice
        failureTitle = Self.failureTitle(of: action)
    }

    /// Each form's own words for "nothing was done", so the alert says what went wrong where: its
    /// screen's declaration (`RoutePattern.failure`).
    static func failureTitle(of action: AppRoute) -> String {
        var capture = DeclaredFailureCapture()
        action.declare(to: &capture)
        return capture.failure ?? "Form not sent"
    }
}

/// An account page: its form and links to the sibling pages (carrying the same `next`).
public struct AccountContent: Hashable, Sendable {
    public var heading: String
    public var form: FormContent
    /// E.g. "Create an account", "Forgot your password?".
    public var links: [Link]
    /// Set when the page cannot be used (an expired reset link), instead of an error after typing.
    public var problem: String?
    /// Why a guarded action sent the visitor here ("Sign in to add an item.").
    public var reason: String?
}

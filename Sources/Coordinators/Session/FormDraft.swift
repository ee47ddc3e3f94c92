import Models

/// What a signed-out visitor typed into a guarded form before being sent to sign in: kept with the
/// session's navigation state (never in the URL) and shown once, when they come back to the form.
public struct FormDraft: Hashable, Sendable, Codable {
    /// The form's screen.
    public var route: LibraryRoute
    public var values: ItemDraft
    /// A favourite toggle sent before signing in (true: add, false: remove): not a form to show
    /// again but an action, applied once they are signed in.
    public var favourite: Bool?

    public init(route: LibraryRoute, values: ItemDraft, favourite: Bool? = nil) {
        self.route = route
        self.values = values
        self.favourite = favourite
    }
}

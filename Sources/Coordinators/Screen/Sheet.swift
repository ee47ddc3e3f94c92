/// A modal dialog over the page (`<dialog open>`), closed by following `dismissHref`, so it works
/// without JavaScript.
public struct Sheet: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case newItem = "new-item"
        case deleteItem = "delete-item"
        case addItem = "add-item"
        case screenSheet = "screen-sheet"
    }

    public var kind: Kind
    public var title: String
    /// Text shown above any form (the delete question, the demo sheet's words).
    public var message: String
    /// The route of the screen under the sheet.
    public var dismissHref: AppRoute
    /// The sheet's form (new item fields; the delete confirmation has a form without fields).
    public var form: FormContent?

    public init(kind: Kind, title: String, message: String = "", dismissHref: AppRoute, form: FormContent? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.dismissHref = dismissHref
        self.form = form
    }
}

/// The Options tab: edit form, favourite toggle, delete link.
public struct ItemOptionsContent: Hashable, Sendable {
    /// The edit form (posts to the Options URL with `intent=edit`).
    public var editForm: FormContent
    public var isFavourite: Bool
    /// Posts to the Options URL with `intent` = `favouriteIntent`.
    public var favouriteAction: AppRoute
    public var favouriteIntent: String
    public var favouriteActionLabel: String
    /// Opens the "Delete item?" sheet.
    public var deleteHref: AppRoute
}

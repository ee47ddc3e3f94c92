/// The Options tab: edit form, favourite toggle, delete link for those who may change the item;
/// the item read-only for everyone else.
public struct ItemOptionsContent: Hashable, Sendable {
    /// Whether the forms are offered (see `ItemPermissions.offersForms`: a visitor's are guarded).
    public var canEdit: Bool
    /// Why the item is read-only (nil when `canEdit`).
    public var readOnlyNotice: String?
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

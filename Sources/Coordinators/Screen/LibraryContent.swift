/// The Library's two panes: the sidebar, and a category's list, an item's detail, or settings.
public struct LibraryContent: Hashable, Sendable {
    public struct CategoryLink: Hashable, Sendable {
        public var name: String
        public var href: AppRoute
        public var itemCount: Int
        /// "1 item", "12 items".
        public var itemCountText: String
        public var isSelected: Bool
    }

    public var categories: [CategoryLink]
    /// `isCurrent` when settings are shown.
    public var settingsLink: Link
    /// The selected category's items; nil on settings or when there are no categories.
    public var list: ItemListContent?
    /// The selected item; nil when none is selected.
    public var detail: ItemDetailContent?
    public var settings: SettingsContent?
}

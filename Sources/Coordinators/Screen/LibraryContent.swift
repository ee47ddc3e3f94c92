import Models
import ViewModels

/// The Library's two panes: the sidebar, and a category's list, an item's detail, or settings.
public struct LibraryContent: Hashable, Sendable {
    public struct CategoryLink: Hashable, Sendable {
        public var name: String
        public var href: String
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

public struct ItemListContent: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var title: String
        /// Empty when the viewer turned subtitles off.
        public var subtitle: String
        public var href: String
        public var isSelected: Bool
        public var isFavourite: Bool
    }

    public var categoryName: String
    public var newItemHref: String
    public var rows: [Row]
    public var isEmpty: Bool { rows.isEmpty }
}

public struct ItemDetailContent: Hashable, Sendable {
    public var title: String
    /// Overview, Details, Options; the shown one is `isCurrent`.
    public var tabs: [Link]
    /// `overview`, `details` or `options`.
    public var tab: DetailTab
    /// Closes the detail pane (back to the category's list).
    public var closeHref: String
    /// Set on the Overview tab.
    public var overview: ItemDetailViewModel.Overview?
    /// Set on the Details tab (may be empty).
    public var rows: [DetailRow]?
    /// Set on the Options tab.
    public var options: ItemOptionsContent?
}

public struct ItemOptionsContent: Hashable, Sendable {
    /// The edit form (posts to the Options URL with `intent=edit`).
    public var editForm: FormContent
    public var isFavourite: Bool
    /// Posts to the Options URL with `intent` = `favouriteIntent`.
    public var favouriteAction: String
    public var favouriteIntent: String
    public var favouriteActionLabel: String
    /// Opens the "Delete item?" sheet.
    public var deleteHref: String
}

public struct SettingsContent: Hashable, Sendable {
    /// The display-name field, errors and notice; posts to `/library/settings`.
    public var form: FormContent
    public var themeOptions: [SettingsViewModel.ThemeOption]
    public var showSubtitles: Bool
}

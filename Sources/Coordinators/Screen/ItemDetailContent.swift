import Models
import ViewModels

/// The selected item: its tabs and the shown tab's data (exactly one of overview, rows, options is set).
public struct ItemDetailContent: Hashable, Sendable {
    public var title: String
    /// Subtitle and created date, shown above every tab.
    public var header: ItemDetailViewModel.Overview
    /// Overview, Details, Options; the shown one is `isCurrent`.
    public var tabs: [Link]
    /// `overview`, `details` or `options`.
    public var tab: DetailTab
    /// Closes the detail pane (back to the category's list).
    public var closeHref: AppRoute
    /// Set on the Overview tab.
    public var overview: ItemDetailViewModel.Overview?
    /// Set on the Details tab (may be empty).
    public var rows: [DetailRow]?
    /// Set on the Options tab.
    public var options: ItemOptionsContent?
    /// Whether the viewer may change the item (see `ItemPermissions`).
    public var canEdit: Bool
}

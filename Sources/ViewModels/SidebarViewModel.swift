import Models

/// The Library's category list with counts, so people see where things are before opening them.
public struct SidebarViewModel: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var id: CategoryID
        public var name: String
        public var itemCount: Int
        public var isSelected: Bool

        public init(id: CategoryID, name: String, itemCount: Int, isSelected: Bool) {
            self.id = id
            self.name = name
            self.itemCount = itemCount
            self.isSelected = isSelected
        }

        /// "1 item", "50 items": for screen readers and tooltips.
        /// Concatenated rather than interpolated: short strings stay inline, and the sidebar asks
        /// for every category on every Library page.
        public var itemCountText: String { itemCount == 1 ? "1 item" : String(itemCount) + " items" }
    }

    public let rows: [Row]
    /// Settings sits under the categories and is highlighted instead of one when shown.
    public let isSettingsSelected: Bool

    public init(selected: CategoryID?, isSettingsSelected: Bool = false, catalog: any CatalogRepository) {
        self.init(selected: selected, isSettingsSelected: isSettingsSelected, snapshot: catalog.snapshot(selecting: nil))
    }

    /// From a snapshot already taken for the page, so the catalog is read once.
    public init(selected: CategoryID?, isSettingsSelected: Bool = false, snapshot: CatalogSnapshot) {
        rows = zip(snapshot.categories, snapshot.itemCounts).map { category, count in
            Row(
                id: category.id, name: category.name, itemCount: count,
                isSelected: !isSettingsSelected && category.id == selected)
        }
        self.isSettingsSelected = isSettingsSelected
    }

    public var selectedRow: Row? { rows.first { $0.isSelected } }
}

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
        public var itemCountText: String { itemCount == 1 ? "1 item" : "\(itemCount) items" }
    }

    public let rows: [Row]
    /// Settings sits under the categories and is highlighted instead of one when shown.
    public let isSettingsSelected: Bool

    public init(selected: CategoryID?, isSettingsSelected: Bool = false, catalog: any CatalogRepository) {
        rows = catalog.categories().map { category in
            Row(
                id: category.id, name: category.name, itemCount: catalog.itemCount(in: category.id),
                isSelected: !isSettingsSelected && category.id == selected)
        }
        self.isSettingsSelected = isSettingsSelected
    }

    public var selectedRow: Row? { rows.first { $0.isSelected } }
}

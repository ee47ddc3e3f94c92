/// A category's items, each linking to its detail.
public struct ItemListContent: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var title: String
        /// Empty when the viewer turned subtitles off.
        public var subtitle: String
        public var href: AppRoute
        public var isSelected: Bool
        public var isFavourite: Bool
    }

    /// The list's own page (`/library/{category}?page=2`); the script starts a list at its top
    /// when this changes, and keeps its scroll while it does not.
    public var url: AppRoute
    public var categoryName: String
    public var newItemHref: AppRoute
    /// "Add in steps": the wizard's first step.
    public var wizardHref: AppRoute
    /// The page's rows only.
    public var rows: [Row]
    /// Nil when the whole list fits on one page.
    public var pagination: ListPagination?
    public var isEmpty: Bool { rows.isEmpty }
}

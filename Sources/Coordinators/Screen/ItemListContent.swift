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

    public var categoryName: String
    public var newItemHref: AppRoute
    public var rows: [Row]
    public var isEmpty: Bool { rows.isEmpty }
}

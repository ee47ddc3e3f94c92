/// The pager under a list of more than one page: previous and next, and links to the first, the
/// last and the pages around the current one, each a route, printed at the edge.
public struct ListPagination: Hashable, Sendable {
    /// One place in the pager: a page's link, or a gap for the pages between.
    public struct Mark: Hashable, Sendable {
        /// The page's number; nil for a gap.
        public var number: Int?
        public var href: AppRoute?
        public var isCurrent: Bool

        public static let gap = Mark(number: nil, href: nil, isCurrent: false)

        public var isGap: Bool { number == nil }
    }

    /// What assistive technology calls the pager ("Pages of Periodicals").
    public var label: String
    /// Where the page stands: "Items 51–100 of 2,000".
    public var status: String
    public var previous: Link?
    public var next: Link?
    public var marks: [Mark]
}

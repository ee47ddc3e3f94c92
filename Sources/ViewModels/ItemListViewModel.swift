import Models

/// A category's items for the list pane, and the writes that change them. Every write is checked
/// by `ItemFormViewModel` first, whoever calls it.
public struct ItemListViewModel {
    /// How the list is ordered; `id` keeps insertion order, which the seed data also follows.
    public typealias Sort = ItemOrder

    public struct Row: Hashable, Sendable {
        public var id: ItemID
        public var title: String
        /// Empty when the viewer turned subtitles off.
        public var subtitle: String
        public var isSelected: Bool
        public var isFavourite: Bool

        public init(id: ItemID, title: String, subtitle: String, isSelected: Bool, isFavourite: Bool) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.isSelected = isSelected
            self.isFavourite = isFavourite
        }
    }

    /// Refuses drafts that did not pass the item form's rules.
    public enum Error: Swift.Error, Hashable, Sendable {
        case invalidDraft
    }

    /// A mark of the pager: a page's number, or a gap standing for the pages skipped.
    public enum PageMark: Hashable, Sendable {
        case page(Int)
        case gap
    }

    /// How many items a page of the list holds: enough to scroll, few enough that a category of
    /// thousands costs no more per page than one of fifty.
    public static let pageSize = 50
    /// Pages named around the current one in the pager, besides the first and the last.
    static let pagesAroundCurrent = 2

    public let category: Category
    public let sort: Sort
    public let showsSubtitles: Bool
    /// The page shown, from 1; a page past the end shows the last one.
    public let page: Int
    public let pageCount: Int
    /// Items in the whole category, not just this page.
    public let itemCount: Int
    /// The rows of `page`.
    public let rows: [Row]
    private let catalog: any CatalogRepository

    /// Nil when the category does not exist, so the caller can answer "not found".
    public init?(
        category id: CategoryID, selected: ItemID? = nil, page: Int = 1, sort: Sort = .id, settings: Settings = Settings(),
        catalog: any CatalogRepository
    ) {
        self.init(
            snapshot: catalog.snapshot(selecting: id, order: sort, page: page, pageSize: Self.pageSize), selected: selected,
            page: page, sort: sort, settings: settings, catalog: catalog)
    }

    /// The snapshot's selected category (nil without one), read with the rest of the page. A
    /// snapshot read for this page and order (`snapshot(selecting:order:page:pageSize:)`) already
    /// holds just its rows; one holding the whole category is sorted and sliced here.
    public init?(
        snapshot: CatalogSnapshot, selected: ItemID? = nil, page: Int = 1, sort: Sort = .id, settings: Settings = Settings(),
        catalog: any CatalogRepository
    ) {
        guard let category = snapshot.selected else { return nil }
        let holdsEverything = snapshot.firstPosition == 0 && snapshot.items.count == snapshot.itemCount
        let pageCount = Self.pageCount(itemCount: snapshot.itemCount)
        let shown = min(max(page, 1), pageCount)
        let bounds = Self.bounds(ofPage: shown, itemCount: snapshot.itemCount)
        let first = snapshot.firstPosition
        let rows: ArraySlice<Item>
        if snapshot.order == sort, first <= bounds.lowerBound, bounds.upperBound <= first + snapshot.items.count {
            rows = snapshot.items[(bounds.lowerBound - first)..<(bounds.upperBound - first)]
        } else if holdsEverything {
            rows = sort.sorted(snapshot.items)[bounds]
        } else {
            rows = catalog.items(in: category.id, order: sort, positions: bounds)[...]
        }
        self.init(
            category: category, pageItems: rows, itemCount: snapshot.itemCount, selected: selected, page: shown, sort: sort,
            settings: settings, catalog: catalog)
    }

    private init(
        category: Category, items: [Item], selected: ItemID?, page: Int, sort: Sort, settings: Settings,
        catalog: any CatalogRepository
    ) {
        let shown = min(max(page, 1), Self.pageCount(itemCount: items.count))
        self.init(
            category: category, pageItems: sort.sorted(items)[Self.bounds(ofPage: shown, itemCount: items.count)],
            itemCount: items.count, selected: selected, page: shown, sort: sort, settings: settings, catalog: catalog)
    }

    /// `pageItems` are the rows of `page` (already clamped) among `itemCount` items.
    private init(
        category: Category, pageItems: ArraySlice<Item>, itemCount: Int, selected: ItemID?, page: Int, sort: Sort, settings: Settings,
        catalog: any CatalogRepository
    ) {
        self.category = category
        self.sort = sort
        self.catalog = catalog
        showsSubtitles = settings.showSubtitles
        let showsSubtitles = settings.showSubtitles
        self.itemCount = itemCount
        pageCount = Self.pageCount(itemCount: itemCount)
        self.page = page
        rows = pageItems.map { item in
            Row(
                id: item.id, title: item.title, subtitle: showsSubtitles ? item.subtitle : "",
                isSelected: item.id == selected, isFavourite: item.isFavourite)
        }
    }

    /// How many pages `itemCount` items fill; an empty category still has its one (empty) page.
    public static func pageCount(itemCount: Int) -> Int {
        max(1, (itemCount + pageSize - 1) / pageSize)
    }

    /// The page of the list that holds `item` among `items` (a category's, in any order), or nil
    /// when it is not there: where the list stands while the item is shown beside it.
    public static func page(of item: ItemID, in items: [Item], sort: Sort = .id) -> Int? {
        sorted(items, by: sort).firstIndex { $0.id == item }.map { $0 / pageSize + 1 }
    }

    /// The page of the category's list that holds `item`, asked of the catalog (which finds its
    /// position without reading the category's other items), or nil when it is not there.
    public static func page(of item: ItemID, in category: CategoryID, sort: Sort = .id, catalog: any CatalogRepository) -> Int? {
        catalog.position(of: item, in: category, order: sort).map { $0 / pageSize + 1 }
    }

    /// The positions of `page`'s items in the sorted list.
    static func bounds(ofPage page: Int, itemCount: Int) -> Range<Int> {
        let start = min((page - 1) * pageSize, itemCount)
        return start..<min(start + pageSize, itemCount)
    }

    public var hasPreviousPage: Bool { page > 1 }
    public var hasNextPage: Bool { page < pageCount }

    /// The pager's marks: the first and last pages, the current one with two on either side, and a
    /// gap wherever more than one page is skipped (a single skipped page is named instead).
    public var pageMarks: [PageMark] {
        let around = max(1, page - Self.pagesAroundCurrent)...min(pageCount, page + Self.pagesAroundCurrent)
        let shown = Set([1, pageCount]).union(around).sorted()
        var marks: [PageMark] = []
        var previous = 0
        for number in shown {
            switch number - previous {
            case 1: break
            case 2: marks.append(.page(number - 1))
            default: marks.append(.gap)
            }
            marks.append(.page(number))
            previous = number
        }
        return marks
    }

    /// "Items 51–100 of 2,000", or "3 items" when everything fits on one page.
    public var rangeText: String {
        guard pageCount > 1 else { return itemCount == 1 ? "1 item" : "\(Self.grouped(itemCount)) items" }
        let range = Self.bounds(ofPage: page, itemCount: itemCount)
        return "Items \(Self.grouped(range.lowerBound + 1))–\(Self.grouped(range.upperBound)) of \(Self.grouped(itemCount))"
    }

    /// Thousands separated by commas, which long lists need to be read at a glance.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }

    public var isEmpty: Bool { rows.isEmpty }
    public var selectedRow: Row? { rows.first { $0.isSelected } }

    /// The empty form behind "New item".
    public var newItemForm: ItemFormViewModel { ItemFormViewModel() }

    /// Validates `input` and adds the item to this category, recording `creator` as who added it.
    public func addItem(_ input: FormInput, creator: UserID?) throws -> FormOutcome<Item> {
        var form = ItemFormViewModel()
        guard let draft = form.validate(input) else { return .invalid(form.state) }
        return .succeeded(try addItem(draft, creator: creator))
    }

    /// `addItem`'s decision without the write: the new item to add once `input` passed the form's rules.
    public func addition(_ input: FormInput, creator: UserID?) -> FormWrite {
        var form = ItemFormViewModel()
        guard let draft = form.validate(input) else { return .invalid(form.state) }
        return .write(.addItem(draft, to: category.id, creator: creator))
    }

    public func addItem(_ draft: ItemDraft, creator: UserID?) throws -> Item {
        guard ItemFormViewModel.isValid(draft) else { throw Error.invalidDraft }
        return try catalog.addItem(draft, to: category.id, creator: creator)
    }

    /// Validates `input` and updates the item's title and subtitle, if `user` may change it
    /// (else `ItemPermissions.Denied`, before the input is looked at).
    public func updateItem(_ id: ItemID, _ input: FormInput, by user: User?) throws -> FormOutcome<Item> {
        try ensureCanEdit(id, by: user)
        var form = ItemFormViewModel()
        guard let draft = form.validate(input) else { return .invalid(form.state) }
        return .succeeded(try updateItem(id, with: draft, by: user))
    }

    public func updateItem(_ id: ItemID, with draft: ItemDraft, by user: User?) throws -> Item {
        try ensureCanEdit(id, by: user)
        guard ItemFormViewModel.isValid(draft) else { throw Error.invalidDraft }
        return try catalog.updateItem(id, with: draft)
    }

    public func setFavourite(_ id: ItemID, _ isFavourite: Bool, by user: User?) throws -> Item {
        try ensureCanEdit(id, by: user)
        return try catalog.setFavourite(id, isFavourite)
    }

    public func deleteItem(_ id: ItemID, by user: User?) throws {
        try ensureCanEdit(id, by: user)
        try catalog.deleteItem(id)
    }

    /// `CatalogError.unknownItem` for a missing item, `ItemPermissions.Denied` for one `user` may not change.
    private func ensureCanEdit(_ id: ItemID, by user: User?) throws {
        guard let item = catalog.item(id) else { throw CatalogError.unknownItem(id) }
        try ItemPermissions.ensureCanEdit(item, by: user)
    }

    static func sorted(_ items: [Item], by sort: Sort) -> [Item] {
        sort.sorted(items)
    }
}

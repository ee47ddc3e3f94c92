import Models

/// A category's items for the list pane, and the writes that change them. Every write is checked
/// by `ItemFormViewModel` first, whoever calls it.
public struct ItemListViewModel {
    /// How the list is ordered; `id` keeps insertion order, which the seed data also follows.
    public enum Sort: String, Hashable, Sendable, Codable, CaseIterable {
        case id
        case title
        case newest
    }

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

    public let category: Category
    public let sort: Sort
    public let showsSubtitles: Bool
    public let rows: [Row]
    private let catalog: any CatalogRepository

    /// Nil when the category does not exist, so the caller can answer "not found".
    public init?(
        category id: CategoryID, selected: ItemID? = nil, sort: Sort = .id, settings: Settings = Settings(),
        catalog: any CatalogRepository
    ) {
        guard let category = catalog.category(id) else { return nil }
        self.init(category: category, items: catalog.items(in: id), selected: selected, sort: sort, settings: settings, catalog: catalog)
    }

    /// The snapshot's selected category (nil without one), read with the rest of the page.
    public init?(
        snapshot: CatalogSnapshot, selected: ItemID? = nil, sort: Sort = .id, settings: Settings = Settings(),
        catalog: any CatalogRepository
    ) {
        guard let category = snapshot.selected else { return nil }
        self.init(category: category, items: snapshot.items, selected: selected, sort: sort, settings: settings, catalog: catalog)
    }

    private init(
        category: Category, items: [Item], selected: ItemID?, sort: Sort, settings: Settings, catalog: any CatalogRepository
    ) {
        self.category = category
        self.sort = sort
        self.catalog = catalog
        showsSubtitles = settings.showSubtitles
        let showsSubtitles = settings.showSubtitles
        rows = Self.sorted(items, by: sort).map { item in
            Row(
                id: item.id, title: item.title, subtitle: showsSubtitles ? item.subtitle : "",
                isSelected: item.id == selected, isFavourite: item.isFavourite)
        }
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
        switch sort {
        case .id:
            // The catalog keeps each category in id order: hand that array back without copying it.
            items.indices.dropFirst().allSatisfy({ items[$0 - 1].id < items[$0].id }) ? items : items.sorted { $0.id < $1.id }
        case .title:
            items.sorted { lhs, rhs in
                switch NaturalOrder.compare(lhs.title, rhs.title) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: lhs.id < rhs.id
                }
            }
        case .newest:
            items.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
    }
}

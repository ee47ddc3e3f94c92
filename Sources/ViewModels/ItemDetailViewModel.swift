import Models

/// One item in the detail pane: what each of its three tabs shows, and the Options tab's writes.
public struct ItemDetailViewModel {
    public struct TabEntry: Hashable, Sendable {
        public var tab: DetailTab
        public var title: String
        public var isSelected: Bool
    }

    /// The Overview tab.
    public struct Overview: Hashable, Sendable {
        public var title: String
        public var subtitle: String
        /// "8 January 2026", for people.
        public var created: String
        /// "2026-01-08", for `<time datetime>`.
        public var createdISO: String
        public var isFavourite: Bool
    }

    /// The Options tab: the favourite toggle and the prefilled edit form.
    public struct Options: Hashable, Sendable {
        public var isFavourite: Bool
        /// The button's words, saying what pressing it will do.
        public var favouriteActionLabel: String
        public var editForm: ItemFormViewModel
    }

    /// What an Options submission asks for (the form's `intent` field).
    public enum Intent: String, Hashable, Sendable, CaseIterable {
        case edit
        case favourite
        case unfavourite
    }

    public static let intentFieldName = "intent"

    public let item: Item
    public let tab: DetailTab
    private let catalog: any CatalogRepository

    /// Nil when the item does not exist. The item may sit in another category than the URL says:
    /// compare `item.category` before trusting the link.
    public init?(item id: ItemID, tab: DetailTab = .overview, catalog: any CatalogRepository) {
        guard let item = catalog.item(id) else { return nil }
        self.item = item
        self.tab = tab
        self.catalog = catalog
    }

    public var tabs: [TabEntry] {
        DetailTab.allCases.map { TabEntry(tab: $0, title: $0.title, isSelected: $0 == tab) }
    }

    public var overview: Overview {
        Overview(
            title: item.title, subtitle: item.subtitle, created: HumanDate.medium(item.createdAt),
            createdISO: item.createdAt.description, isFavourite: item.isFavourite)
    }

    /// The Details tab's table.
    public var rows: [DetailRow] { item.details }

    public var options: Options {
        Options(
            isFavourite: item.isFavourite,
            favouriteActionLabel: item.isFavourite ? "Remove from favourites" : "Add to favourites",
            editForm: ItemFormViewModel(item: item))
    }

    /// The question the "Delete item?" sheet asks.
    public var deletePrompt: String { "Delete “\(item.title)”? This cannot be undone." }

    /// Handles a POST to the Options tab: edit (validated) or the favourite toggle.
    /// An unknown intent is treated as an edit, the form's main purpose.
    public func submitOptions(_ input: FormInput) throws -> FormOutcome<Item> {
        switch input.choice(Self.intentFieldName, of: Intent.self) ?? .edit {
        case .favourite: .succeeded(try setFavourite(true))
        case .unfavourite: .succeeded(try setFavourite(false))
        case .edit: try edit(input)
        }
    }

    public func edit(_ input: FormInput) throws -> FormOutcome<Item> {
        var form = ItemFormViewModel(item: item)
        guard let draft = form.validate(input) else { return .invalid(form.state) }
        return .succeeded(try catalog.updateItem(item.id, with: draft))
    }

    public func setFavourite(_ isFavourite: Bool) throws -> Item {
        try catalog.setFavourite(item.id, isFavourite)
    }

    public func delete() throws {
        try catalog.deleteItem(item.id)
    }
}

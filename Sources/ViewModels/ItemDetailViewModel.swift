import Models

/// One item in the detail pane: what each of its three tabs shows, and the Options tab's writes.
/// Every write asks `ItemPermissions` first: only the item's creator or an administrator may make it.
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
        /// Who added the item ("Ada Lovelace (ada)"); nil when nobody is recorded or the account is gone.
        public var createdBy: String? = nil
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
    /// Who is looking; nil for a visitor, who may change nothing.
    public let viewer: User?
    private let catalog: any CatalogRepository
    private let accounts: (any AccountRepository)?

    /// Nil when the item does not exist. The item may sit in another category than the URL says:
    /// compare `item.category` before trusting the link. `accounts` names the creator (without
    /// it the overview names nobody).
    public init?(
        item id: ItemID, tab: DetailTab = .overview, viewer: User? = nil, catalog: any CatalogRepository,
        accounts: (any AccountRepository)? = nil
    ) {
        guard let item = catalog.item(id) else { return nil }
        self.item = item
        self.tab = tab
        self.viewer = viewer
        self.catalog = catalog
        self.accounts = accounts
    }

    /// Whether the viewer may edit, favourite or delete the item (the favourite is shared by
    /// everyone, so it counts as a change).
    public var canEdit: Bool { ItemPermissions.canEdit(item, by: viewer) }
    /// Whether the screen shows the forms (a visitor's are guarded: see `ItemPermissions.offersForms`).
    public var offersForms: Bool { ItemPermissions.offersForms(item, to: viewer) }

    /// The creator's name as people know it, with the unique username when they differ.
    public var creatorName: String? {
        guard let creator = item.creator, let user = accounts?.user(creator) else { return nil }
        return user.displayName == user.username ? user.username : "\(user.displayName) (\(user.username))"
    }

    public var tabs: [TabEntry] {
        DetailTab.allCases.map { TabEntry(tab: $0, title: $0.title, isSelected: $0 == tab) }
    }

    public var overview: Overview {
        Overview(
            title: item.title, subtitle: item.subtitle, created: HumanDate.medium(item.createdAt),
            createdISO: item.createdAt.description, isFavourite: item.isFavourite, createdBy: creatorName)
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
    /// An unknown intent is treated as an edit, the form's main purpose. Throws
    /// `ItemPermissions.Denied`, before looking at the input, when the viewer may not change the item.
    public func submitOptions(_ input: FormInput) throws -> FormOutcome<Item> {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        return switch input.choice(Self.intentFieldName, of: Intent.self) ?? .edit {
        case .favourite: .succeeded(try setFavourite(true))
        case .unfavourite: .succeeded(try setFavourite(false))
        case .edit: try edit(input)
        }
    }

    /// `submitOptions`'s decision without the write: refused, or the edit or favourite to make.
    /// Throws `ItemPermissions.Denied` as `submitOptions` does.
    public func optionsWrite(_ input: FormInput) throws -> FormWrite {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        switch input.choice(Self.intentFieldName, of: Intent.self) ?? .edit {
        case .favourite: return .write(.setFavourite(item.id, true))
        case .unfavourite: return .write(.setFavourite(item.id, false))
        case .edit:
            var form = ItemFormViewModel(item: item)
            guard let draft = form.validate(input) else { return .invalid(form.state) }
            return .write(.updateItem(item.id, with: draft))
        }
    }

    /// `delete`'s decision without the write (`ItemPermissions.Denied` when the viewer may not).
    public func deletion() throws -> StoreWrite {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        return .deleteItem(item.id)
    }

    public func edit(_ input: FormInput) throws -> FormOutcome<Item> {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        var form = ItemFormViewModel(item: item)
        guard let draft = form.validate(input) else { return .invalid(form.state) }
        return .succeeded(try catalog.updateItem(item.id, with: draft))
    }

    public func setFavourite(_ isFavourite: Bool) throws -> Item {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        return try catalog.setFavourite(item.id, isFavourite)
    }

    public func delete() throws {
        try ItemPermissions.ensureCanEdit(item, by: viewer)
        try catalog.deleteItem(item.id)
    }
}

/// A write a form asks of the catalog or the accounts, as a value: decided (validated, permitted)
/// by a view model, then made by whoever runs the request. On the embedded store that is a
/// blocking call (`perform`); with Redis the request parks on its event loop while the write is
/// in flight, and its coordinator finishes once the result is known. No view model or coordinator
/// waits for the store itself.
public enum StoreWrite: Hashable, Sendable {
    case addItem(ItemDraft, to: CategoryID, creator: UserID?)
    case updateItem(ItemID, with: ItemDraft)
    case setFavourite(ItemID, Bool)
    case deleteItem(ItemID)
    case saveSettings(Settings, for: UserID)

    /// What a write that went through comes to.
    public enum Result: Hashable, Sendable {
        /// The item as written (added or changed).
        case item(Item)
        case deleted(ItemID)
        /// The account as saved.
        case user(User)
        /// A request was taken (a reset link's), with nothing to show of it.
        case requested

        public var item: Item? {
            if case .item(let item) = self { return item }
            return nil
        }

        public var user: User? {
            if case .user(let user) = self { return user }
            return nil
        }
    }
}

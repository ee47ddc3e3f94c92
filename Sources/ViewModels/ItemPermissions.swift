import Models

/// Who may change an item: the person who created it, or an administrator. Items without a creator
/// (stored before creators were recorded, or seeded) are for administrators only. Visitors change
/// nothing.
///
/// The one place this rule lives: view models ask it before every write to an item, and screens ask
/// it to decide whether to offer the forms at all.
public enum ItemPermissions {
    /// A write to an item by someone the rule does not allow.
    public struct Denied: Error, Hashable, Sendable {
        public var item: ItemID

        public init(item: ItemID) { self.item = item }
    }

    /// Whether `user` (nil: a visitor) may edit, favourite or delete `item`.
    public static func canEdit(_ item: Item, by user: User?) -> Bool {
        guard let user else { return false }
        if user.isAdministrator { return true }
        guard let creator = item.creator else { return false }
        return creator == user.id
    }

    /// Whether a screen offers `user` the item's forms. A visitor is offered them too: sending one
    /// is a guarded action that asks them to sign in first (keeping what they typed), and then this
    /// rule decides. A signed-in user the rule refuses sees the item read-only.
    public static func offersForms(_ item: Item, to user: User?) -> Bool {
        user == nil || canEdit(item, by: user)
    }

    /// Throws `Denied` unless `user` may change `item`.
    public static func ensureCanEdit(_ item: Item, by user: User?) throws(Denied) {
        guard canEdit(item, by: user) else { throw Denied(item: item.id) }
    }
}

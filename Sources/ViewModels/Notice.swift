import Models

/// The one-time confirmations shown after an action succeeds (in an element with `role="status"`),
/// worded here so coordinators only decide when one is due.
public enum Notice {
    public static let settingsSaved = "Settings saved."
    public static let signedOut = "You are signed out."
    public static let navigationReset = "Navigation reset: every tab is back at its first screen."
    public static let formExpired = "That form had expired, so nothing was sent. Check it and send it again."

    public static func itemGone(_ title: String) -> String { "“\(title)” was deleted, so this list is shown instead." }

    public static func signedIn(_ user: User) -> String { "Signed in as \(user.displayName)." }
    public static func itemAdded(_ item: Item) -> String { "Added “\(item.title)”." }
    public static func itemSaved(_ item: Item) -> String { "Saved “\(item.title)”." }
    public static func itemDeleted(_ title: String) -> String { "Deleted “\(title)”." }

    public static func favourite(_ item: Item) -> String {
        item.isFavourite ? "Added “\(item.title)” to favourites." : "Removed “\(item.title)” from favourites."
    }
}

/// A thing in the Library: listed in its category, shown in the detail pane.
public struct Item: Hashable, Sendable, Codable, Identifiable {
    public var id: ItemID
    public var category: CategoryID
    public var title: String
    public var subtitle: String
    public var createdAt: CalendarDate
    public var details: [DetailRow]
    public var isFavourite: Bool
    /// Who added the item. Nil for items stored before creators were recorded (and the demo seed):
    /// those belong to nobody, so only administrators may change them. Never changes after creation.
    public var creator: UserID?

    public init(
        id: ItemID, category: CategoryID, title: String, subtitle: String,
        createdAt: CalendarDate, details: [DetailRow] = [], isFavourite: Bool = false, creator: UserID? = nil
    ) {
        self.id = id
        self.category = category
        self.title = title
        self.subtitle = subtitle
        self.createdAt = createdAt
        self.details = details
        self.isFavourite = isFavourite
        self.creator = creator
    }
}

/// The editable fields of an item, as a form submits them (already validated by a view model).
public struct ItemDraft: Hashable, Sendable, Codable {
    public var title: String
    public var subtitle: String

    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}

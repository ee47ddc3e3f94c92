/// A group of items shown in the Library sidebar.
public struct Category: Hashable, Sendable, Codable, Identifiable {
    public var id: CategoryID
    public var name: String

    public init(id: CategoryID, name: String) {
        self.id = id
        self.name = name
    }
}

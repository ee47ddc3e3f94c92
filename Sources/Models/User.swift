/// A registered account. The password hash lives in the account service, never in this value.
public struct User: Hashable, Sendable, Codable, Identifiable {
    public var id: UserID
    public var username: String
    public var email: String
    public var settings: Settings

    public init(id: UserID, username: String, email: String, settings: Settings = Settings()) {
        self.id = id
        self.username = username
        self.email = email
        self.settings = settings
    }

    /// What the header shows: the chosen display name, else the username.
    public var displayName: String { settings.displayName.isEmpty ? username : settings.displayName }
}

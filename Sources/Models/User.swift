/// A registered account. The password hash lives in the account service, never in this value.
public struct User: Hashable, Sendable, Identifiable {
    public var id: UserID
    public var username: String
    public var email: String
    public var settings: Settings
    /// Administrators may change every item, whoever created it. Registration never grants it; the
    /// demo account is seeded with it.
    public var isAdministrator: Bool

    public init(
        id: UserID, username: String, email: String, settings: Settings = Settings(), isAdministrator: Bool = false
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.settings = settings
        self.isAdministrator = isAdministrator
    }

    /// What the header shows: the chosen display name, else the username.
    public var displayName: String { settings.displayName.isEmpty ? username : settings.displayName }
}

// In this file: the encoder is synthesized, which Swift allows only beside the type.
extension User: Codable {
    enum CodingKeys: String, CodingKey {
        case id, username, email, settings, isAdministrator
    }

    /// Accounts stored before roles existed have no `isAdministrator`: they decode as ordinary users.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UserID.self, forKey: .id)
        username = try container.decode(String.self, forKey: .username)
        email = try container.decode(String.self, forKey: .email)
        settings = try container.decode(Settings.self, forKey: .settings)
        isAdministrator = try container.decodeIfPresent(Bool.self, forKey: .isAdministrator) ?? false
    }
}

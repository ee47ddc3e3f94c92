import Models

/// Who is looking: a signed-in user, or a visitor with the settings their session keeps.
public struct Viewer: Hashable, Sendable {
    public var user: User?
    /// The user's settings when signed in, else the visitor's.
    public var settings: Settings

    public init(user: User?, settings: Settings) {
        self.user = user
        self.settings = settings
    }

    public static func visitor(_ settings: Settings = Settings()) -> Viewer {
        Viewer(user: nil, settings: settings)
    }

    public static func signedIn(_ user: User) -> Viewer {
        Viewer(user: user, settings: user.settings)
    }

    public var isSignedIn: Bool { user != nil }
}

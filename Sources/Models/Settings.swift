/// Preferences kept per user (and per session for visitors).
public struct Settings: Hashable, Sendable, Codable {
    public var displayName: String
    public var theme: Theme
    public var showSubtitles: Bool

    public init(displayName: String = "", theme: Theme = .system, showSubtitles: Bool = true) {
        self.displayName = displayName
        self.theme = theme
        self.showSubtitles = showSubtitles
    }
}

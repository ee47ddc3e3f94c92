/// The colour scheme a user asked for; `system` follows the browser's `prefers-color-scheme`.
public enum Theme: String, Hashable, Sendable, Codable, CaseIterable {
    case system
    case light
    case dark
}

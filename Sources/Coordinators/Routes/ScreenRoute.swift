/// The Screen tab: a primary page, a pushed detail and a sheet, presented through the same call.
public enum ScreenRoute: String, Hashable, Sendable, Codable, CaseIterable {
    case primary
    case detail
    case sheet
}

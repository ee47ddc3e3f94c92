/// The Screen tab (named after its sheet, apart from the `Screen` every page is): a primary page, a
/// pushed detail and a sheet, presented through the same call.
public enum SheetTabRoute: String, Hashable, Sendable, Codable, CaseIterable {
    case primary
    case detail
    case sheet
}

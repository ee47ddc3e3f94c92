/// The three tabs of an item's detail pane.
public enum DetailTab: String, Hashable, Sendable, Codable, CaseIterable {
    case overview
    case details
    case options

    public var title: String {
        switch self {
        case .overview: "Overview"
        case .details: "Details"
        case .options: "Options"
        }
    }
}

/// The three tabs of the tab bar, each keeping its own stack.
public enum AppTab: String, Hashable, Sendable, Codable, CaseIterable {
    case library
    case flow
    case screen

    /// The tab bar's label.
    public var title: String {
        switch self {
        case .library: "Library"
        case .flow: "Flow"
        case .screen: "Screen"
        }
    }
}

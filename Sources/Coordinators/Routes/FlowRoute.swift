/// The Flow tab: primary → secondary1 → tertiary, and primary → secondary2.
/// Each case is both a URL and a page of the flow's stack.
public enum FlowRoute: String, Hashable, Sendable, Codable, CaseIterable {
    case primary
    case secondary1
    case secondary2
    case tertiary

    /// The pages a deep link to this screen implies, root first.
    public var stackPages: [FlowRoute] {
        switch self {
        case .primary: [.primary]
        case .secondary1: [.primary, .secondary1]
        case .secondary2: [.primary, .secondary2]
        case .tertiary: [.primary, .secondary1, .tertiary]
        }
    }
}

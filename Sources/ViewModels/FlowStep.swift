/// The screens of the Flow tab, which demonstrates a push stack several levels deep.
public enum FlowStep: String, Hashable, Sendable, Codable, CaseIterable {
    case primary
    case secondary1
    case secondary2
    case tertiary

    public var title: String {
        switch self {
        case .primary: "Primary"
        case .secondary1: "Secondary 1"
        case .secondary2: "Secondary 2"
        case .tertiary: "Tertiary"
        }
    }

    public var summary: String {
        switch self {
        case .primary: "The root of the flow. Push either secondary screen from here."
        case .secondary1: "One level deep. Push the tertiary screen, or go back."
        case .secondary2: "One level deep, a sibling of Secondary 1. Go back to continue."
        case .tertiary: "Two levels deep. Go back one step, or straight back to the root."
        }
    }

    /// The steps this screen offers to push next, in the order they are shown.
    public var next: [FlowStep] {
        switch self {
        case .primary: [.secondary1, .secondary2]
        case .secondary1: [.tertiary]
        case .secondary2, .tertiary: []
        }
    }
}

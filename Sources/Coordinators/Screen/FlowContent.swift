/// One screen of the Flow tab.
public struct FlowContent: Hashable, Sendable {
    public struct Choice: Hashable, Sendable {
        public var title: String
        public var summary: String
        public var href: AppRoute
    }

    public var title: String
    public var summary: String
    /// The screens this one can push.
    public var choices: [Choice]
    /// "Back to root" (`/flow`): set on the tertiary screen.
    public var backToRoot: Link?
}

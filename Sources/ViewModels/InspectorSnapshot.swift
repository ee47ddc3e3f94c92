/// What the navigation inspector shows, as plain values the coordinator fills in, so view models
/// never see navigation types.
public struct InspectorSnapshot: Hashable, Sendable {
    /// A coordinator in the tree.
    public struct Node: Hashable, Sendable {
        public var name: String
        /// A short note after the name, e.g. "3 screens" or "sheet: New item".
        public var detail: String
        public var isActive: Bool
        public var children: [Node]
        /// Set when the coordinator is still alive though its flow is over (a leak).
        public var warning: String?

        public init(name: String, detail: String = "", isActive: Bool = false, children: [Node] = [], warning: String? = nil) {
            self.name = name
            self.detail = detail
            self.isActive = isActive
            self.children = children
            self.warning = warning
        }
    }

    /// One tab's stack, root first.
    public struct Stack: Hashable, Sendable {
        public var name: String
        public var pages: [String]
        /// The sheet shown over the top page, if any.
        public var sheet: String?
        public var isActive: Bool

        public init(name: String, pages: [String], sheet: String? = nil, isActive: Bool = false) {
            self.name = name
            self.pages = pages
            self.sheet = sheet
            self.isActive = isActive
        }
    }

    /// One ledger entry: push, pop, present, dismiss, reset.
    public struct Event: Hashable, Sendable {
        /// Milliseconds since 1970-01-01 UTC.
        public var timestamp: Int64
        public var kind: String
        public var stack: String
        public var page: String

        public init(timestamp: Int64, kind: String, stack: String, page: String) {
            self.timestamp = timestamp
            self.kind = kind
            self.stack = stack
            self.page = page
        }
    }

    public var root: Node
    public var stacks: [Stack]
    /// Oldest first, as the ledger records them.
    public var events: [Event]

    public init(root: Node, stacks: [Stack], events: [Event]) {
        self.root = root
        self.stacks = stacks
        self.events = events
    }
}

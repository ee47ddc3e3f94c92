/// Turns the inspector snapshot into lines a page can print, and points at stacks that keep growing,
/// the usual sign of a coordinator that pushes but never pops.
public struct InspectorViewModel: Hashable, Sendable {
    /// A stack this deep is suspicious in an app whose deepest screen is three levels down.
    public static let suspiciousDepth = 8

    public struct TreeLine: Hashable, Sendable {
        /// Box-drawing prefix ("├─ ", "│  └─ ") that draws the tree in a monospaced block.
        public var prefix: String
        public var name: String
        public var detail: String
        public var depth: Int
        public var isActive: Bool
    }

    public struct StackLines: Hashable, Sendable {
        public struct Page: Hashable, Sendable {
            public var position: Int
            public var name: String
            public var isTop: Bool
        }

        public var name: String
        public var pages: [Page]
        public var sheet: String?
        public var isActive: Bool
        public var depth: Int { pages.count }
        public var warning: String?
        /// The stack as a picture; nil for a tab never opened.
        public var diagram: InspectorDiagram?
    }

    public struct EventLine: Hashable, Sendable {
        /// "00:34:13.123" UTC.
        public var time: String
        /// "2026-11-22T00:34:13.123Z", for `<time datetime>`.
        public var timestamp: String
        public var kind: String
        public var stack: String
        public var page: String
    }

    public let treeLines: [TreeLine]
    /// The same tree as a picture.
    public let treeDiagram: InspectorDiagram
    public let stacks: [StackLines]
    /// Newest first: what just happened is what people look for.
    public let events: [EventLine]
    /// Every stack's warning, for the top of the page.
    public let warnings: [String]
    public let hasEvents: Bool

    public init(snapshot: InspectorSnapshot) {
        var lines: [TreeLine] = []
        Self.appendTree(snapshot.root, ancestorsLast: [], isRoot: true, into: &lines)
        treeLines = lines
        treeDiagram = InspectorDiagram.tree(snapshot.root)
        stacks = snapshot.stacks.map { stack in
            StackLines(
                name: stack.name,
                pages: stack.pages.enumerated().map { index, page in
                    .init(position: index + 1, name: page, isTop: index == stack.pages.count - 1)
                },
                sheet: stack.sheet, isActive: stack.isActive,
                warning: stack.pages.count >= Self.suspiciousDepth
                    ? "\(stack.name) holds \(stack.pages.count) screens: is something pushing without popping?" : nil,
                diagram: InspectorDiagram.stack(stack))
        }
        events = snapshot.events.reversed().map { event in
            EventLine(
                time: Self.time(event.timestamp), timestamp: Self.isoTimestamp(event.timestamp),
                kind: event.kind, stack: event.stack, page: event.page)
        }
        warnings = Self.nodeWarnings(snapshot.root) + stacks.compactMap(\.warning)
        hasEvents = !events.isEmpty
    }


    private static func nodeWarnings(_ node: InspectorSnapshot.Node) -> [String] {
        (node.warning.map { ["\(node.name): \($0)"] } ?? []) + node.children.flatMap(nodeWarnings)
    }

    private static func appendTree(_ node: InspectorSnapshot.Node, ancestorsLast: [Bool], isRoot: Bool, into lines: inout [TreeLine]) {
        var prefix = ""
        if !isRoot {
            for isLast in ancestorsLast.dropLast() { prefix += isLast ? "   " : "│  " }
            prefix += (ancestorsLast.last ?? true) ? "└─ " : "├─ "
        }
        lines.append(TreeLine(prefix: prefix, name: node.name, detail: node.detail, depth: ancestorsLast.count, isActive: node.isActive))
        for (index, child) in node.children.enumerated() {
            appendTree(child, ancestorsLast: ancestorsLast + [index == node.children.count - 1], isRoot: false, into: &lines)
        }
    }

    /// "HH:MM:SS.mmm" in UTC.
    static func time(_ milliseconds: Int64) -> String {
        let dayMilliseconds: Int64 = 86_400_000
        var inDay = milliseconds % dayMilliseconds
        if inDay < 0 { inDay += dayMilliseconds }
        let seconds = inDay / 1_000
        return "\(pad(seconds / 3_600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(inDay % 1_000, 3))"
    }

    static func isoTimestamp(_ milliseconds: Int64) -> String {
        let dayMilliseconds: Int64 = 86_400_000
        var days = milliseconds / dayMilliseconds
        if milliseconds % dayMilliseconds < 0 { days -= 1 }
        let date = HumanDate.date(daysSinceEpoch: Int(days))
        return "\(date.description)T\(time(milliseconds))Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

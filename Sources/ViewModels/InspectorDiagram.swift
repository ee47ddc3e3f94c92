/// The inspector's pictures (the coordinator tree, one tab's stack) as plain geometry an inline SVG
/// can draw without script: boxes with their labels and the lines between them. The coordinate space
/// is about as wide as a phone's screen, so the picture scales down little and stays readable.
/// Labels are plain text; the page escapes them like any other text.
public struct InspectorDiagram: Hashable, Sendable {
    public struct Box: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var label: String
        /// A second, smaller line (a coordinator's stack size or last location).
        public var detail: String?
        public var isActive: Bool
        /// A sheet presented over the top page, drawn dashed.
        public var isSheet: Bool

        /// Where the label's baseline starts.
        public var labelX: Int { x + Layout.padding }
        public var labelY: Int { y + Layout.firstBaseline }
        public var detailY: Int { y + Layout.firstBaseline + Layout.detailLine }
    }

    public struct Line: Hashable, Sendable {
        public var x1: Int
        public var y1: Int
        public var x2: Int
        public var y2: Int
    }

    /// Sizes in the SVG's user units, which match CSS pixels at 1:1 (the stylesheet sets 12 px
    /// monospaced labels and 11 px details, so the character budgets below hold).
    public enum Layout {
        public static let margin = 2
        public static let boxWidth = 264
        public static let indent = 20
        public static let gap = 10
        public static let padding = 8
        public static let firstBaseline = 17
        public static let detailLine = 15
        public static let labelHeight = 26
        public static let detailHeight = 41
        /// 12 px monospaced characters are about 7.2 px wide; 11 px ones about 6.6 px.
        public static func labelCharacters(width: Int) -> Int { (width - 2 * padding) * 10 / 72 }
        public static func detailCharacters(width: Int) -> Int { (width - 2 * padding) * 10 / 66 }
    }

    public var width: Int
    public var height: Int
    public var boxes: [Box]
    public var lines: [Line]

    public init(width: Int, height: Int, boxes: [Box], lines: [Line]) {
        self.width = width
        self.height = height
        self.boxes = boxes
        self.lines = lines
    }

    /// Text too long for its box keeps its end, which says the most about a route
    /// ("…/items/107/options"), behind an ellipsis.
    public static func fitted(_ text: String, to characters: Int) -> String {
        guard text.count > characters else { return text }
        guard characters > 1 else { return "…" }
        return "…" + text.suffix(characters - 1)
    }

    static func box(x: Int, y: Int, width: Int, label: String, detail: String?, isActive: Bool, isSheet: Bool = false) -> Box {
        let detail = detail.flatMap { $0.isEmpty ? nil : fitted($0, to: Layout.detailCharacters(width: width)) }
        return Box(
            x: x, y: y, width: width, height: detail == nil ? Layout.labelHeight : Layout.detailHeight,
            label: fitted(label, to: Layout.labelCharacters(width: width)), detail: detail,
            isActive: isActive, isSheet: isSheet)
    }
}

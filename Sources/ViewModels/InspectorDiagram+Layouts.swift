extension InspectorDiagram {
    /// The coordinator tree as an indented outline: one box per coordinator, children below their
    /// parent and one indent to the right, joined to it by elbow lines.
    public static func tree(_ root: InspectorSnapshot.Node) -> InspectorDiagram {
        var boxes: [Box] = []
        var lines: [Line] = []
        var bottom = Layout.margin
        var deepest = 0

        func place(_ node: InspectorSnapshot.Node, depth: Int) -> Box {
            deepest = max(deepest, depth)
            let box = Self.box(
                x: Layout.margin + depth * Layout.indent, y: bottom, width: Layout.boxWidth,
                label: node.name, detail: node.detail, isActive: node.isActive)
            boxes.append(box)
            bottom = box.y + box.height + Layout.gap
            let trunk = box.x + Layout.indent / 2
            var lastMiddle: Int?
            for child in node.children {
                let placed = place(child, depth: depth + 1)
                let middle = placed.y + placed.height / 2
                lines.append(Line(x1: trunk, y1: middle, x2: placed.x, y2: middle))
                lastMiddle = middle
            }
            if let lastMiddle {
                lines.append(Line(x1: trunk, y1: box.y + box.height, x2: trunk, y2: lastMiddle))
            }
            return box
        }

        _ = place(root, depth: 0)
        return InspectorDiagram(
            width: 2 * Layout.margin + deepest * Layout.indent + Layout.boxWidth,
            height: bottom - Layout.gap + Layout.margin, boxes: boxes, lines: lines)
    }

    /// One tab's stack, root at the top and the top page (highlighted) at the bottom, each joined to
    /// the page it was pushed on; a sheet hangs, dashed and indented, below the page it covers. An
    /// empty stack (a tab never opened) has no picture.
    public static func stack(_ stack: InspectorSnapshot.Stack) -> InspectorDiagram? {
        guard !stack.pages.isEmpty else { return nil }
        var boxes: [Box] = []
        var lines: [Line] = []
        var bottom = Layout.margin
        let center = Layout.margin + Layout.boxWidth / 2
        for (index, page) in stack.pages.enumerated() {
            let isTop = index == stack.pages.count - 1
            let box = Self.box(
                x: Layout.margin, y: bottom, width: Layout.boxWidth, label: page, detail: nil,
                isActive: isTop && stack.sheet == nil)
            if let above = boxes.last {
                lines.append(Line(x1: center, y1: above.y + above.height, x2: center, y2: box.y))
            }
            boxes.append(box)
            bottom = box.y + box.height + Layout.gap
        }
        if let sheet = stack.sheet, let covered = boxes.last {
            let box = Self.box(
                x: Layout.margin + Layout.indent, y: bottom, width: Layout.boxWidth - Layout.indent,
                label: sheet, detail: "sheet", isActive: true, isSheet: true)
            let stem = Layout.margin + Layout.indent / 2
            lines.append(Line(x1: stem, y1: covered.y + covered.height, x2: stem, y2: box.y + box.height / 2))
            lines.append(Line(x1: stem, y1: box.y + box.height / 2, x2: box.x, y2: box.y + box.height / 2))
            boxes.append(box)
            bottom = box.y + box.height + Layout.gap
        }
        return InspectorDiagram(
            width: 2 * Layout.margin + Layout.boxWidth, height: bottom - Layout.gap + Layout.margin,
            boxes: boxes, lines: lines)
    }
}

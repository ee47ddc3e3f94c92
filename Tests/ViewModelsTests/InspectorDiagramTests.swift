import Testing
@testable import ViewModels

@Suite struct InspectorDiagramTests {
    typealias Node = InspectorSnapshot.Node
    typealias Layout = InspectorDiagram.Layout

    static let tree = Node(name: "AppCoordinator", detail: "last location /flow", isActive: true, children: [
        Node(name: "LibraryCoordinator", detail: "2 screens", isActive: true),
        Node(name: "FlowCoordinator", children: [Node(name: "A")]),
    ])

    @Test func drawsTheTreeAsAnIndentedOutlineOfBoxes() {
        let diagram = InspectorDiagram.tree(Self.tree)
        #expect(diagram.boxes.map(\.label) == ["AppCoordinator", "LibraryCoordinator", "FlowCoordinator", "A"])
        #expect(diagram.boxes.map(\.x) == [2, 22, 22, 42])
        #expect(diagram.boxes.map(\.detail) == ["last location /flow", "2 screens", nil, nil])
        #expect(diagram.boxes.map(\.height) == [Layout.detailHeight, Layout.detailHeight, Layout.labelHeight, Layout.labelHeight])
        #expect(diagram.boxes.map(\.isActive) == [true, true, false, false])
        // Each box starts below the previous one, none overlap.
        for (upper, lower) in zip(diagram.boxes, diagram.boxes.dropFirst()) {
            #expect(lower.y == upper.y + upper.height + Layout.gap)
        }
        #expect(diagram.width == 2 * Layout.margin + 2 * Layout.indent + Layout.boxWidth)
        let last = diagram.boxes[3]
        #expect(diagram.height == last.y + last.height + Layout.margin)
    }

    @Test func joinsEveryChildToItsParentWithAnElbow() {
        let diagram = InspectorDiagram.tree(Self.tree)
        let boxes = diagram.boxes
        // A horizontal line ends at each child's left edge, at its middle.
        for child in boxes.dropFirst() {
            let middle = child.y + child.height / 2
            #expect(diagram.lines.contains { $0.y1 == middle && $0.y2 == middle && $0.x2 == child.x })
        }
        // The root's trunk runs from its bottom down to its last child's middle.
        let root = boxes[0], flow = boxes[2]
        #expect(diagram.lines.contains(.init(
            x1: root.x + Layout.indent / 2, y1: root.y + root.height,
            x2: root.x + Layout.indent / 2, y2: flow.y + flow.height / 2)))
        #expect(diagram.lines.count == 3 + 2)
    }

    @Test func fitsAPhoneAtAboutOneToOne() {
        let diagram = InspectorDiagram.tree(Self.tree)
        #expect(diagram.width <= 343)  // a 375 px screen less the page's padding
        let stack = InspectorDiagram.stack(.init(name: "Flow", pages: ["/flow"]))
        #expect((stack?.width ?? .max) <= 300)
    }

    @Test func shortensLongLabelsKeepingTheirEnd() {
        let route = "/library/category-12/items/123456/options/and/a/very/long/tail"
        let diagram = InspectorDiagram.stack(.init(name: "Library", pages: [route]))
        let label = try! #require(diagram?.boxes.first?.label)
        #expect(label.count == Layout.labelCharacters(width: Layout.boxWidth))
        #expect(label.hasPrefix("…") && route.hasSuffix(label.dropFirst()))
        #expect(InspectorDiagram.fitted("/flow", to: 30) == "/flow")
        #expect(InspectorDiagram.fitted("abcdef", to: 4) == "…def")
    }

    @Test func labelsStayPlainTextForThePageToEscape() {
        let diagram = InspectorDiagram.tree(Node(name: "<b>&\"x\"</b>"))
        #expect(diagram.boxes.first?.label == "<b>&\"x\"</b>")
    }

    @Test func drawsAStackRootFirstWithTheTopHighlighted() throws {
        let diagram = try #require(InspectorDiagram.stack(.init(name: "Flow", pages: ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"])))
        #expect(diagram.boxes.map(\.label) == ["/flow", "/flow/secondary1", "/flow/secondary1/tertiary"])
        #expect(diagram.boxes.map(\.isActive) == [false, false, true])
        #expect(diagram.lines.count == 2)
        let center = Layout.margin + Layout.boxWidth / 2
        #expect(diagram.lines[0] == .init(x1: center, y1: 2 + Layout.labelHeight, x2: center, y2: 2 + Layout.labelHeight + Layout.gap))
    }

    @Test func hangsASheetBelowThePageItCovers() throws {
        let diagram = try #require(InspectorDiagram.stack(.init(name: "Screen", pages: ["/screen"], sheet: "/screen/sheet")))
        #expect(diagram.boxes.map(\.label) == ["/screen", "/screen/sheet"])
        #expect(diagram.boxes.map(\.isSheet) == [false, true])
        #expect(diagram.boxes.map(\.isActive) == [false, true])
        let sheet = diagram.boxes[1]
        #expect(sheet.x == Layout.margin + Layout.indent && sheet.x + sheet.width == Layout.margin + Layout.boxWidth)
        #expect(sheet.detail == "sheet")
        #expect(diagram.height == sheet.y + sheet.height + Layout.margin)
    }

    @Test func aTabNeverOpenedHasNoPicture() {
        #expect(InspectorDiagram.stack(.init(name: "Screen", pages: [])) == nil)
    }

    @Test func theInspectorCarriesThePictures() {
        let model = InspectorViewModel(snapshot: InspectorSnapshot(
            root: Self.tree, stacks: [.init(name: "Flow", pages: ["/flow"]), .init(name: "Screen", pages: [])], events: []))
        #expect(model.treeDiagram == InspectorDiagram.tree(Self.tree))
        #expect(model.stacks.map { $0.diagram?.boxes.map(\.label) } == [["/flow"], nil])
    }
}

import Testing
@testable import ViewModels

@Suite struct InspectorViewModelTests {
    typealias Node = InspectorSnapshot.Node

    static let tree = Node(name: "AppCoordinator", isActive: true, children: [
        Node(name: "LibraryCoordinator", detail: "2 screens", isActive: true, children: [Node(name: "ItemCoordinator")]),
        Node(name: "FlowCoordinator", children: [Node(name: "A"), Node(name: "B")]),
        Node(name: "ScreenTabCoordinator"),
    ])

    @Test func drawsTheCoordinatorTree() {
        let model = InspectorViewModel(snapshot: InspectorSnapshot(root: Self.tree, stacks: [], events: []))
        #expect(model.treeLines.map { $0.prefix + $0.name } == [
            "AppCoordinator",
            "├─ LibraryCoordinator",
            "│  └─ ItemCoordinator",
            "├─ FlowCoordinator",
            "│  ├─ A",
            "│  └─ B",
            "└─ ScreenTabCoordinator",
        ])
        #expect(model.treeLines.map(\.depth) == [0, 1, 2, 1, 2, 2, 1])
        #expect(model.treeLines[1].detail == "2 screens")
        #expect(model.treeLines.filter(\.isActive).map(\.name) == ["AppCoordinator", "LibraryCoordinator"])
    }

    @Test func numbersStackPagesAndMarksTheTop() {
        let model = InspectorViewModel(snapshot: InspectorSnapshot(
            root: Node(name: "App"),
            stacks: [.init(name: "Flow", pages: ["primary", "secondary1", "tertiary"], isActive: true),
                     .init(name: "Screen", pages: ["primary"], sheet: "sheet")],
            events: []))
        #expect(model.stacks[0].pages.map(\.position) == [1, 2, 3])
        #expect(model.stacks[0].pages.map(\.isTop) == [false, false, true])
        #expect(model.stacks[0].depth == 3)
        #expect(model.stacks[1].sheet == "sheet")
        #expect(model.warnings.isEmpty)
        #expect(!model.hasEvents)
    }

    @Test func flagsAStackThatKeepsGrowing() {
        let pages = Array(repeating: "secondary1", count: InspectorViewModel.suspiciousDepth)
        let model = InspectorViewModel(snapshot: InspectorSnapshot(
            root: Node(name: "App"), stacks: [.init(name: "Flow", pages: pages)], events: []))
        #expect(model.warnings == ["Flow holds 8 screens: is something pushing without popping?"])
    }

    @Test func listsEventsNewestFirstWithTimes() {
        let model = InspectorViewModel(snapshot: InspectorSnapshot(
            root: Node(name: "App"), stacks: [],
            events: [
                .init(timestamp: 1_795_393_453_123, kind: "push", stack: "Flow", page: "secondary1"),
                .init(timestamp: 1_795_393_454_000, kind: "pop", stack: "Flow", page: "secondary1"),
            ]))
        #expect(model.events.map(\.kind) == ["pop", "push"])
        #expect(model.events[1].time == "00:24:13.123")
        #expect(model.events[1].timestamp == "2026-11-23T00:24:13.123Z")
        #expect(model.events[0].time == "00:24:14.000")
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"), (86_399_999, "1970-01-01T23:59:59.999Z"),
    ])
    func formatsTimestampsInUTC(_ milliseconds: Int64, _ expected: String) {
        #expect(InspectorViewModel.isoTimestamp(milliseconds) == expected)
    }
}

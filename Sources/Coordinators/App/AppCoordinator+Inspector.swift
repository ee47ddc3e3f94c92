import Navigation
import ViewModels

extension AppCoordinator {
    /// This session's coordinator tree, each tab's stack and the ledger, as plain values. A
    /// coordinator that outlives its flow (the account flow while someone is signed in) is flagged.
    public func inspectorSnapshot(isSignedIn: Bool = false) -> InspectorSnapshot {
        let library = existingChild(LibraryCoordinator.self)
        let flow = existingChild(FlowCoordinator.self)
        let screen = existingChild(ScreenTabCoordinator.self)
        let stacks = [
            stackLines("Library", library?.stack, tab: .library),
            stackLines("Flow", flow?.stack, tab: .flow),
            stackLines("Screen", screen?.stack, tab: .screen),
        ]
        let nodes: [InspectorSnapshot.Node] = children.map { child in
            let detail: String
            let isActive: Bool
            var warning: String?
            switch child {
            case let tab as LibraryCoordinator: (detail, isActive) = (Self.describe(tab.stack), activeTab == .library)
            case let tab as FlowCoordinator: (detail, isActive) = (Self.describe(tab.stack), activeTab == .flow)
            case let tab as ScreenTabCoordinator: (detail, isActive) = (Self.describe(tab.stack), activeTab == .screen)
            case let child as AccountCoordinator:
                (detail, isActive) = (child.returnTo.map { "returns to \($0.print())" } ?? "", false)
                if isSignedIn { warning = "still running though the viewer is signed in: its flow never finished" }
            default: (detail, isActive) = ("", false)
            }
            return InspectorSnapshot.Node(name: child.name, detail: detail, isActive: isActive, warning: warning)
        }
        let root = InspectorSnapshot.Node(
            name: name, detail: "last location \(fallbackLocation.print())", isActive: true, children: nodes)
        let events = ledger.entries.map { entry in
            InspectorSnapshot.Event(
                timestamp: entry.timestamp, kind: entry.kind.rawValue, stack: entry.coordinator, page: entry.page)
        }
        return InspectorSnapshot(root: root, stacks: stacks, events: events)
    }

    private func stackLines<Page: PrintableRoute>(_ name: String, _ stack: NavigationStack<Page>?, tab: AppTab) -> InspectorSnapshot.Stack {
        guard let stack else {
            return InspectorSnapshot.Stack(name: name, pages: [], isActive: activeTab == tab)
        }
        return InspectorSnapshot.Stack(
            name: name, pages: stack.pages.map { $0.print() }, sheet: stack.sheet?.print(), isActive: activeTab == tab)
    }

    private static func describe<Page: PrintableRoute>(_ stack: NavigationStack<Page>) -> String {
        let screens = stack.depth == 1 ? "1 screen" : "\(stack.depth) screens"
        return stack.sheet.map { "\(screens), sheet \($0.print())" } ?? screens
    }
}

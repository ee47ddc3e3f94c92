import Navigation

/// The Screen tab: the detail is pushed and the sheet presented through the same `present` call.
public final class SheetTabCoordinator: TabCoordinator {
    public var name: String { "SheetTabCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public internal(set) var stack: NavigationStack<SheetTabRoute>

    public init(stack: NavigationStack<SheetTabRoute> = NavigationStack(root: .primary)) {
        self.stack = stack
    }

    public static func stack(for route: SheetTabRoute) -> NavigationStack<SheetTabRoute> {
        var stack = NavigationStack<SheetTabRoute>(root: .primary)
        if let presentation = presentation(of: route) { stack.present(route, as: presentation) }
        return stack
    }

    /// How each screen appears over the primary one.
    public static func presentation(of route: SheetTabRoute) -> Presentation? {
        switch route {
        case .primary: nil
        case .detail: .push
        case .sheet: .sheet
        }
    }

    public func show(_ route: SheetTabRoute) {
        reconcile(to: Self.stack(for: route))
    }

    /// Shows the detail or the sheet over the current screen.
    public func present(_ route: SheetTabRoute) {
        guard let presentation = Self.presentation(of: route) else { return }
        navigate { $0.present(route, as: presentation) }
    }

    public func dismiss() {
        navigate { $0.dismiss() }
    }
}

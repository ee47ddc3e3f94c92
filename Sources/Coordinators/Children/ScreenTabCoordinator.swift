import Navigation

/// The Screen tab: the detail is pushed and the sheet presented through the same `present` call.
public final class ScreenTabCoordinator: TabCoordinator {
    public var name: String { "ScreenTabCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public internal(set) var stack: NavigationStack<ScreenTabRoute>

    public init(stack: NavigationStack<ScreenTabRoute> = NavigationStack(root: .primary)) {
        self.stack = stack
    }

    public static func stack(for route: ScreenTabRoute) -> NavigationStack<ScreenTabRoute> {
        var stack = NavigationStack<ScreenTabRoute>(root: .primary)
        if let presentation = presentation(of: route) { stack.present(route, as: presentation) }
        return stack
    }

    /// How each screen appears over the primary one.
    public static func presentation(of route: ScreenTabRoute) -> Presentation? {
        switch route {
        case .primary: nil
        case .detail: .push
        case .sheet: .sheet
        }
    }

    public func show(_ route: ScreenTabRoute) {
        reconcile(to: Self.stack(for: route))
    }

    /// Shows the detail or the sheet over the current screen.
    public func present(_ route: ScreenTabRoute) {
        guard let presentation = Self.presentation(of: route) else { return }
        navigate { $0.present(route, as: presentation) }
    }

    public func dismiss() {
        navigate { $0.dismiss() }
    }
}

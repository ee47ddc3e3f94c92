import Navigation

/// The Screen tab: the detail is pushed and the sheet presented through the same `present` call.
public final class ScreenCoordinator: TabCoordinator {
    public var name: String { "ScreenCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public internal(set) var stack: NavigationStack<ScreenRoute>

    public init(stack: NavigationStack<ScreenRoute> = NavigationStack(root: .primary)) {
        self.stack = stack
    }

    public static func stack(for route: ScreenRoute) -> NavigationStack<ScreenRoute> {
        var stack = NavigationStack<ScreenRoute>(root: .primary)
        if let presentation = presentation(of: route) { stack.present(route, as: presentation) }
        return stack
    }

    /// How each screen appears over the primary one.
    public static func presentation(of route: ScreenRoute) -> Presentation? {
        switch route {
        case .primary: nil
        case .detail: .push
        case .sheet: .sheet
        }
    }

    public func show(_ route: ScreenRoute) {
        reconcile(to: Self.stack(for: route))
    }

    /// Shows the detail or the sheet over the current screen.
    public func present(_ route: ScreenRoute) {
        guard let presentation = Self.presentation(of: route) else { return }
        navigate { $0.present(route, as: presentation) }
    }

    public func dismiss() {
        navigate { $0.dismiss() }
    }
}

import Navigation

/// The Flow tab: primary → secondary1 → tertiary and primary → secondary2.
public final class FlowCoordinator: TabCoordinator {
    public var name: String { "FlowCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public internal(set) var stack: NavigationStack<FlowRoute>

    public init(stack: NavigationStack<FlowRoute> = NavigationStack(root: .primary)) {
        self.stack = stack
    }

    /// The stack a deep link to `route` implies.
    public static func stack(for route: FlowRoute) -> NavigationStack<FlowRoute> {
        NavigationStack(root: .primary, pushed: Array(route.stackPages.dropFirst()))
    }

    public func show(_ route: FlowRoute) {
        reconcile(to: Self.stack(for: route))
    }

    /// Pushes one of the screens the current one offers; anything else would make a stack no URL
    /// can name, so it is ignored.
    public func push(_ route: FlowRoute) {
        guard route.stackPages.dropLast() == stack.pages[...] else { return }
        navigate { $0.present(route, as: .push) }
    }

    public func back() {
        navigate { $0.pop() }
    }

    /// Tertiary's "back to root".
    public func backToRoot() {
        navigate { $0.popToRoot() }
    }
}

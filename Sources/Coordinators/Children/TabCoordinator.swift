import Navigation

/// A child coordinator owning one tab's stack, whose pages are that tab's routes.
protocol TabCoordinator: Coordinator {
    associatedtype Page: PrintableRoute
    var stack: NavigationStack<Page> { get set }
    /// The session's ledger lives with the app coordinator.
    var app: AppCoordinator? { get }
}

extension TabCoordinator {
    var app: AppCoordinator? { parent as? AppCoordinator }

    /// Every stack change goes through here, so the ledger sees it.
    @discardableResult
    func navigate(_ change: (inout NavigationStack<Page>) -> [NavigationStep<Page>]) -> [NavigationStep<Page>] {
        let steps = change(&stack)
        app?.record(steps, by: name)
        return steps
    }

    /// Rebuilds the stack a URL names; pops and pushes only what differs.
    func reconcile(to target: NavigationStack<Page>) {
        navigate { $0.reconcile(to: target) }
    }
}

extension AppCoordinator {
    /// A coordinator in this one's state that shares nothing mutable with it, for building a
    /// screen while this one goes on to the session's next request. Children are copied by hand:
    /// they are few, and each holds only values.
    func detachedCopy() -> sending AppCoordinator {
        let copy = AppCoordinator(dependencies: dependencies)
        copy.activeTab = activeTab
        copy.lastLocation = lastLocation
        copy.ledger = ledger
        copy.changeCount = changeCount
        for child in children {
            switch child {
            case let library as LibraryCoordinator:
                let made = copy.addChild(LibraryCoordinator(stack: library.stack))
                made.selectedCategory = library.selectedCategory
            case let flow as FlowCoordinator:
                copy.addChild(FlowCoordinator(stack: flow.stack))
            case let screen as ScreenCoordinator:
                copy.addChild(ScreenCoordinator(stack: screen.stack))
            case let account as AccountCoordinator:
                copy.addChild(AccountCoordinator(returnTo: account.returnTo))
            default:
                break
            }
        }
        return copy
    }

    /// Defers building a screen to a detached copy of the state as it is now.
    func pendingScreen(_ build: @escaping @Sendable (AppCoordinator) -> Screen) -> sending PendingOutcome {
        .screen(of: detachedCopy(), build)
    }
}

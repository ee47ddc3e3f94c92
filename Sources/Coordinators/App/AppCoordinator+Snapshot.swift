import Navigation

extension AppCoordinator {
    /// The session's navigation state as a value, for Web to save.
    public func snapshot() -> NavigationSnapshot {
        let library = existingChild(LibraryCoordinator.self)
        return NavigationSnapshot(
            activeTab: activeTab, lastLocation: lastLocation, returnTo: existingChild(AccountCoordinator.self)?.returnTo,
            library: library?.stack, selectedCategory: library?.selectedCategory,
            flow: existingChild(FlowCoordinator.self)?.stack, screen: existingChild(ScreenTabCoordinator.self)?.stack,
            notice: notice, draft: draft)
    }

    /// A coordinator back in the state `snapshot` describes, checked against today's data. Stacks
    /// are rebuilt from their visible screen, so a stack no URL could produce is never restored.
    /// Returns a fresh coordinator for a snapshot of an unknown version.
    public convenience init(restoring snapshot: NavigationSnapshot, dependencies: AppDependencies) {
        self.init(dependencies: dependencies)
        guard snapshot.version == NavigationSnapshot.currentVersion else { return }
        activeTab = snapshot.activeTab
        lastLocation = snapshot.lastLocation
        notice = snapshot.notice
        draft = snapshot.draft
        if let returnTo = snapshot.returnTo { account.returnTo = returnTo }
        if let stack = snapshot.library {
            let coordinator = dependencies.factory.library()
            coordinator.stack = LibraryCoordinator.stack(for: stack.visible, listPage: stack.root.listPage ?? 1)
            coordinator.selectedCategory = snapshot.selectedCategory ?? stack.root.category
            addChild(coordinator)
        }
        if let stack = snapshot.flow {
            let coordinator = dependencies.factory.flow()
            coordinator.stack = FlowCoordinator.stack(for: stack.visible)
            addChild(coordinator)
        }
        if let stack = snapshot.screen {
            let coordinator = dependencies.factory.screen()
            coordinator.stack = ScreenTabCoordinator.stack(for: stack.visible)
            addChild(coordinator)
        }
        pruneStaleLocations()
    }
}

extension AppCoordinator {
    /// Brings back the tabs as a signed-in user left them in another browser: each saved stack is
    /// rebuilt from its visible screen (as a deep link would be, recorded in the ledger), then
    /// checked against today's data. What this session is doing right now (a notice, a draft, where
    /// to go after signing in) stays.
    public func adoptTabs(from saved: NavigationSnapshot) {
        guard saved.version == NavigationSnapshot.currentVersion else { return }
        if let stack = saved.library {
            library.show(stack.visible, listPage: stack.root.listPage ?? 1)
            library.selectedCategory = saved.selectedCategory ?? library.selectedCategory
        }
        if let stack = saved.flow { flow.show(stack.visible) }
        if let stack = saved.screen { screen.show(stack.visible) }
        activeTab = saved.activeTab ?? activeTab
        pruneStaleLocations()
    }
}

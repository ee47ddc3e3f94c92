import Navigation

extension AppCoordinator {
    /// The Settings form's field saying which of its two buttons was pressed.
    static let intentField = "intent"
    static let resetNavigationIntent = "reset-navigation"

    /// Settings' "Reset navigation": every tab back to its first screen, the Library's selection
    /// forgotten, `/` back to the Library. The ledger shows the reset itself, then each tab's pops
    /// and resets; a waiting draft goes too (it belonged to a screen that is gone).
    func resetNavigation() {
        changeCount += 1
        ledger.record(.init(kind: .reset, coordinator: name, page: "every tab", timestamp: dependencies.now()))
        dependencies.onNavigationEvent(.reset)
        existingChild(LibraryCoordinator.self)?.resetNavigation()
        existingChild(FlowCoordinator.self)?.backToRoot()
        existingChild(ScreenTabCoordinator.self)?.show(.primary)
        draft = nil
        lastLocation = nil
        activeTab = .library
    }
}

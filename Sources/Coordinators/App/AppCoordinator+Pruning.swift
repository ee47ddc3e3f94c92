import Models

extension AppCoordinator {
    /// Makes every remembered location match the data again: after an item is deleted or moved,
    /// Web calls this on each live session (restore calls it too). Stacks that point at something
    /// gone are cut back to the nearest valid screen; moved items are followed to their category.
    public func pruneStaleLocations() {
        if let library = existingChild(LibraryCoordinator.self) {
            if let selected = library.selectedCategory, dependencies.catalog.category(selected) == nil {
                library.selectedCategory = nil
            }
            let visible = library.stack.visible
            let valid = nearestValid(visible)
            if valid != visible || library.stack != LibraryCoordinator.stack(for: visible) {
                library.show(valid == .home ? resolvedLibraryHome() : valid)
            }
        }
        lastLocation = lastLocation.map(nearestValid)
        if let account = existingChild(AccountCoordinator.self) {
            account.returnTo = account.returnTo.map(nearestValid)
        }
    }
}

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
            var valid = nearestValid(visible)
            if valid != visible, case .category(let category, 1) = valid, case .category(category, let page) = library.stack.root {
                // An item gone from under a later page: back to that page, or the last one left.
                valid = .category(category, page: min(page, lastListPage(of: category)))
            }
            // The list's page too: the item's page moves when items before it come and go.
            let page = listPage(for: valid)
            if valid != visible || library.stack != LibraryCoordinator.stack(for: visible, listPage: page) {
                library.show(valid, listPage: page)
            }
        }
        lastLocation = lastLocation.map(nearestValid)
        if let account = existingChild(AccountCoordinator.self) {
            account.returnTo = account.returnTo.map(nearestValid)
        }
    }
}

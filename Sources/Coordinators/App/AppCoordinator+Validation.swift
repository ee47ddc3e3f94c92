import Models

extension AppCoordinator {
    /// Whether a library route still matches the data.
    enum LibraryCheck: Equatable {
        case valid
        /// The item lives in another category now: its canonical route.
        case moved(LibraryRoute)
        /// Something in the route does not exist: the nearest screen that does.
        case missing(nearest: LibraryRoute)
    }

    func check(_ route: LibraryRoute) -> LibraryCheck {
        let catalog = dependencies.catalog
        let nearestForCategory: (CategoryID) -> LibraryRoute = { catalog.category($0) == nil ? .home : .category($0) }
        switch route {
        case .home, .settings:
            return .valid
        case .category(let category), .newItem(let category):
            return catalog.category(category) == nil ? .missing(nearest: .home) : .valid
        case .item(let category, let id, let tab):
            guard let item = catalog.item(id) else { return .missing(nearest: nearestForCategory(category)) }
            return item.category == category ? .valid : .moved(.item(item.category, id, tab))
        case .deleteItem(let category, let id):
            guard let item = catalog.item(id) else { return .missing(nearest: nearestForCategory(category)) }
            return item.category == category ? .valid : .moved(.deleteItem(item.category, id))
        }
    }

    /// `route` if it matches the data, else the nearest screen that does.
    func nearestValid(_ route: LibraryRoute) -> LibraryRoute {
        switch check(route) {
        case .valid: route
        case .moved(let canonical): canonical
        case .missing(let nearest): nearest
        }
    }

    func nearestValid(_ route: AppRoute) -> AppRoute {
        switch route {
        case .library(let libraryRoute): .library(nearestValid(libraryRoute))
        case .account(.login(let next?)): .account(.login(next: nearestValid(next)))
        case .account(.register(let next?)): .account(.register(next: nearestValid(next)))
        case .account(.forgotPassword(let next?)): .account(.forgotPassword(next: nearestValid(next)))
        default: route
        }
    }

    /// What `/library` shows: the remembered category if it still exists, else the first one.
    func resolvedLibraryHome() -> LibraryRoute {
        let catalog = dependencies.catalog
        if let selected = existingChild(LibraryCoordinator.self)?.selectedCategory, catalog.category(selected) != nil {
            return .category(selected)
        }
        return catalog.categories().first.map { .category($0.id) } ?? .home
    }

    /// For a URL that does not parse: the longest prefix of it that names an existing screen.
    func nearestRoute(toPath path: String) -> AppRoute {
        // No route is deeper than six segments, so a long junk path costs no more than a short one.
        var segments = path.split(separator: "/", maxSplits: 8, omittingEmptySubsequences: false).dropFirst().prefix(7)
        while !segments.isEmpty {
            segments = segments.dropLast()
            let prefix = "/" + segments.joined(separator: "/")
            if let route = AppRoute.parse(path: prefix) {
                return route == .root ? fallbackLocation : nearestValid(route)
            }
        }
        return fallbackLocation
    }
}

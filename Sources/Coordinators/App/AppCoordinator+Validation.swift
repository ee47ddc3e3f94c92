import Models
import ViewModels

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
        let nearestForCategory: (CategoryID) -> LibraryRoute = {
            catalog.category($0) == nil ? self.resolvedLibraryHome() : .category($0)
        }
        switch route {
        case .home, .pane:
            return .valid
        case .newItem(let category), .addItem(let category, _):
            return catalog.category(category) == nil ? .missing(nearest: resolvedLibraryHome()) : .valid
        case .category(let category, let page):
            guard catalog.category(category) != nil else { return .missing(nearest: resolvedLibraryHome()) }
            let last = lastListPage(of: category)
            return page <= last ? .valid : .missing(nearest: .category(category, page: last))
        case .item(let category, let id, let tab):
            guard let item = catalog.item(id) else { return .missing(nearest: nearestForCategory(category)) }
            return item.category == category ? .valid : .moved(.item(item.category, id, tab))
        case .deleteItem(let category, let id):
            guard let item = catalog.item(id) else { return .missing(nearest: nearestForCategory(category)) }
            return item.category == category ? .valid : .moved(.deleteItem(item.category, id))
        }
    }

    /// `route` if it matches the data, else the nearest screen that does; `/library` as the list
    /// it stands for.
    func nearestValid(_ route: LibraryRoute) -> LibraryRoute {
        if route == .home { return resolvedLibraryHome() }
        switch check(route) {
        case .valid: return route
        case .moved(let canonical): return canonical
        case .missing(let nearest): return nearest
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

    /// What `/library` stands for: the remembered category if it still exists, else the first one.
    func resolvedLibraryHome() -> LibraryRoute {
        LibraryCoordinator.home(
            remembering: existingChild(LibraryCoordinator.self)?.selectedCategory, in: dependencies.catalog)
    }

    /// The last page of the category's list (1 for an empty or unknown category).
    func lastListPage(of category: CategoryID) -> Int {
        ItemListViewModel.pageCount(itemCount: dependencies.catalog.itemCount(in: category))
    }

    /// The page of the list under `route`: a category's own, the one that holds the item, or for
    /// the new-item sheet the page the list stood on (when it shows the same category).
    func listPage(for route: LibraryRoute) -> Int {
        switch route {
        case .category(_, let page):
            return page
        case .item(let category, let item, _), .deleteItem(let category, let item):
            return ItemListViewModel.page(of: item, in: category, catalog: dependencies.catalog) ?? 1
        case .newItem(let category), .addItem(let category, _):
            guard let library = existingChild(LibraryCoordinator.self), library.stack.root.category == category else { return 1 }
            return min(library.listPage, lastListPage(of: category))
        case .home, .pane:
            return 1
        }
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

extension ScreenBuilder {
    /// How many near matches a dev-mode 404 lists, and how many candidates it compares at most.
    static let closestRouteCount = 5
    static let closestRouteCandidates = 2_000

    func notFoundScreen(requested: String, nearest: AppRoute) -> Screen {
        let content = NotFoundContent(
            message: "Nothing lives at this address. It may have been moved or deleted.",
            requestedPath: requested,
            nearest: Link(title: title(of: nearest), href: nearest),
            closest: dependencies.isDevelopment ? closestRoutes(to: requested) : [])
        var screen = makeScreen(.notFound, route: nearest, status: .notFound, content: .notFound(content))
        screen.title = "Not found"
        return screen
    }

    /// Links to the existing screens whose printed routes are nearest to `path` by edit distance (dev mode).
    func closestRoutes(to path: String) -> [Link] {
        // `/library` only while it is a screen (no category): otherwise it redirects to one below.
        var candidates: [AppRoute] = libraryHome == .home ? [.library(.home)] : []
        candidates += [
            .library(.settings), .inspector,
            .account(.login(next: nil)), .account(.register(next: nil)), .account(.forgotPassword(next: nil)),
        ]
        candidates += FlowRoute.allCases.map(AppRoute.flow) + ScreenTabRoute.allCases.map(AppRoute.screen)
        let catalog = dependencies.catalog
        for category in catalog.categories() where candidates.count < Self.closestRouteCandidates {
            candidates.append(.library(.category(category.id)))
            for item in catalog.items(in: category.id, order: .id, positions: 0..<(Self.closestRouteCandidates - candidates.count)) {
                candidates.append(.library(.item(category.id, item.id, nil)))
            }
        }
        let scored = candidates.map { route in
            let printed = route.print()
            return (distance: EditDistance.between(path, printed), printed: printed, route: route)
        }
        return scored.sorted { ($0.distance, $0.printed) < ($1.distance, $1.printed) }
            .prefix(Self.closestRouteCount)
            .map { Link(title: title(of: $0.route), href: $0.route) }
    }
}

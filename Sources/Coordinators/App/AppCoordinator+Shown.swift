import Models

extension AppCoordinator {
    /// Adopts the screen the browser showed when it sent a request (its same-origin `Referer`),
    /// before the request itself is decided.
    ///
    /// Chromium brings `no-store` pages back from its back/forward cache without asking the server,
    /// and without script nothing tells the server either: the user sees `/flow` again while the
    /// Flow stack still holds Tertiary. The next link they follow names the page it was on, so the
    /// tab of that page is rebuilt from it first and the server never acts on a screen the user
    /// left. Only another tab than the request's own is adopted (the request reconciles its own
    /// tab), only a tab this session has used, only a screen that exists and needs no permission;
    /// a page that already agrees changes nothing and records nothing.
    public func adoptShown(_ shown: AppRoute, before target: AppRoute) {
        guard let tab = shown.tab, tab != target.tab else { return }
        switch shown {
        case .flow(let route):
            existingChild(FlowCoordinator.self)?.show(route)
        case .screen(let route):
            existingChild(SheetTabCoordinator.self)?.show(route)
        case .library(let route):
            guard let library = existingChild(LibraryCoordinator.self), route != .home, !route.isGuarded,
                check(route) == .valid, library.stack.visible != route
            else { return }
            library.show(route, listPage: listPage(for: route))
        case .root, .account, .inspector:
            break
        }
    }
}

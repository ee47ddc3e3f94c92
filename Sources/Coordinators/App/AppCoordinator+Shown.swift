import Models
import ViewModels

extension AppCoordinator {
    /// A GET sent from a page of the site (`shown`, its Referer): that page is adopted first (see
    /// `adoptShown`), and an item this session deleted is not a dead end: Back to it (which names a
    /// page, where a typed address does not) shows its list with a notice instead of a 404.
    public func navigate(to route: AppRoute, viewer: Viewer, from shown: AppRoute?) -> PendingOutcome {
        guard let shown else { return navigate(to: route, viewer: viewer) }
        adoptShown(shown, before: route)
        if case .library(let libraryRoute) = route, let title = deletedTitle(libraryRoute) {
            notice = Notice.itemGone(title)
            return .ready(.redirect(.library(nearestValid(libraryRoute))))
        }
        return navigate(to: route, viewer: viewer)
    }

    /// The title of the item `route` names, when this session deleted it and it is gone.
    func deletedTitle(_ route: LibraryRoute) -> String? {
        let id: ItemID
        switch route {
        case .item(_, let item, _), .deleteItem(_, let item): id = item
        case .home, .category, .newItem, .addItem, .pane: return nil
        }
        guard dependencies.catalog.item(id) == nil else { return nil }
        return deletedItems.last { $0.id == id }?.title
    }

    /// Remembers an item this session deleted (the last few only).
    func rememberDeleted(_ id: ItemID, title: String) {
        deletedItems.append((id, title))
        if deletedItems.count > 8 { deletedItems.removeFirst() }
    }

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
            existingChild(ScreenTabCoordinator.self)?.show(route)
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

import Models
import ViewModels

extension AppCoordinator {
    /// A favourite clicked while signed out is the action the visitor asked for, not just a page to
    /// come back to: once they are signed in it is applied (when they may), with its confirmation.
    func resumeFavourite(at destination: AppRoute, by user: User) {
        guard let pending = draft, let favourite = pending.favourite else { return }
        draft = nil
        guard destination == .library(pending.route), case .item(_, let id, _) = pending.route,
            let detail = ItemDetailViewModel(item: id, tab: .options, viewer: user, catalog: dependencies.catalog),
            detail.canEdit, let item = try? detail.setFavourite(favourite)
        else { return }
        notice = Notice.favourite(item)
    }

    /// A form whose token no longer matches (the session signed out or in elsewhere, or the page is
    /// old) did nothing; what it carried is kept as for any guarded action. A visitor signs in and
    /// comes back to it; someone signed in gets the form again with their values and a notice.
    public func expiredForm(_ route: AppRoute, form: FormInput, viewer: Viewer) -> NavigationOutcome {
        guard case .library(let libraryRoute) = route else {
            notice = Notice.formExpired
            return .redirect(nearestValid(route))
        }
        keepDraft(libraryRoute, form)
        if !viewer.isSignedIn, libraryRoute.isGuarded || draft != nil {
            return signInFirst(then: route)
        }
        if draft?.favourite != nil { draft = nil }
        notice = Notice.formExpired
        return .redirect(.library(nearestValid(libraryRoute)))
    }
}

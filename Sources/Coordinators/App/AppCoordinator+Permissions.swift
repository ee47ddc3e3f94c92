import Models
import ViewModels

extension AppCoordinator {
    /// Whether `viewer` may change item `id`; `ItemPermissions` holds the rule. A missing item is
    /// not refused here: `check` answers it with the nearest screen that exists.
    func mayChange(_ id: ItemID, viewer: Viewer) -> Bool {
        guard let item = dependencies.catalog.item(id) else { return true }
        return ItemPermissions.canEdit(item, by: viewer.user)
    }

    /// A signed-in viewer asked to change an item that is not theirs to change: the error page
    /// (Web answers 403). The navigation state stays as it was: nothing was shown or done.
    func forbidden(_ category: CategoryID, _ id: ItemID, viewer: Viewer) -> PendingOutcome {
        build(.forbidden(category, id), for: viewer)
    }
}

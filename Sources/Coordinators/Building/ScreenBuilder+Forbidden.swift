import Models
import ViewModels

extension ScreenBuilder {
    /// The error page for a change to an item the viewer may not make (see `ItemPermissions`).
    /// Its route is the item's, the nearest screen the viewer may see.
    func forbiddenScreen(category: CategoryID, item id: ItemID) -> Screen {
        let title = dependencies.catalog.item(id).map { "“\($0.title)”" } ?? "This item"
        let content = ForbiddenContent(
            heading: "Not allowed",
            message: "\(title) can only be changed or deleted by the person who added it, or by an administrator.",
            homeHref: .root)
        var screen = makeScreen(
            .forbidden, route: .library(.item(category, id, nil)), status: .forbidden, content: .forbidden(content))
        screen.title = content.heading
        return screen
    }
}

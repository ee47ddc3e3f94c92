import Coordinators

extension AppRoute {
    /// The id of an item's row in its list (`item-45`): "Back to the list" links to it, so the list
    /// opens at the item the user came from, with or without script. Not part of any route.
    var itemAnchor: String? {
        if case .library(.item(_, let id, _)) = self { return "item-\(id.rawValue)" }
        return nil
    }
}

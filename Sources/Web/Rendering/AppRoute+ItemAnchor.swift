import Coordinators

extension AppRoute {
    /// The id of an item's row in its list (`item-45`): "Back to the list" links to it, so the list
    /// opens at the item the user came from, with or without script. Not part of any route.
    var itemAnchor: String? {
        itemNumber.map { "item-\($0)" }
    }

    /// The item's id as a number, for rows that print their anchor as `item-{{itemID}}` (fifty
    /// rows a page: a number costs no string to build).
    var itemNumber: Int? {
        if case .library(.item(_, let id, _)) = self { return id.rawValue }
        return nil
    }
}

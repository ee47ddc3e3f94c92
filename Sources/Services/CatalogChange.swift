import Models

/// What changed in the catalog, so the web layer can prune navigation stacks that point at an
/// item which is gone or now lives in another category.
public enum CatalogChange: Hashable, Sendable {
    case itemAdded(Item)
    case itemUpdated(Item)
    case itemRemoved(ItemID, from: CategoryID)
    case itemMoved(ItemID, from: CategoryID, to: CategoryID)
}

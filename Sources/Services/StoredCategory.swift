import Models

/// A category as the store keeps it: with its sidebar position, since slugs do not sort
/// numerically (`category-10` < `category-2`).
struct StoredCategory: Codable, Sendable {
    var category: Category
    var position: Int
}

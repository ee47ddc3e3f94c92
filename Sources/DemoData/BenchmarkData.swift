import Models

/// The deterministic content of the benchmark page (see PAGE_SPEC.md): category c is
/// `category-c`, "Category c"; item n of category c has the global id (c - 1) * 50 + n, the
/// title `Item n <c>` and ten detail rows.
public enum BenchmarkData {
    public static let categoryCount = 8
    public static let itemsPerCategory = 50
    public static let detailRowsPerItem = 10

    public static func categories() -> [Category] {
        (1...categoryCount).map { Category(id: CategoryID("category-\($0)"), name: "Category \($0)") }
    }

    public static func items() -> [Item] {
        (1...categoryCount).flatMap { category in
            (1...itemsPerCategory).map { number in
                Item(
                    id: ItemID((category - 1) * itemsPerCategory + number),
                    category: CategoryID("category-\(category)"),
                    title: "Item \(number) <\(category)>",
                    subtitle: "Subtitle of item \(number) in Category \(category) & friends",
                    createdAt: CalendarDate(year: 2026, month: 1, day: number % 28 + 1),
                    details: (1...detailRowsPerItem).map { DetailRow(key: "Field \($0)", value: "Value \($0) of item \(number)") })
            }
        }
    }
}

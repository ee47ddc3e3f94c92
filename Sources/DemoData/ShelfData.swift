import Models

/// The benchmark's categories plus one long shelf (`--demo-data shelf100k`): the same eight
/// fifty-item categories to compare against, in the same store, and `shelf` holding `count` items
/// with ids from 401, titled `Item n` with short subtitles, as a form would add them.
public enum ShelfData {
    public static let category = Category(id: CategoryID("shelf"), name: "Shelf")
    /// The first id after the benchmark's 400.
    public static let firstID = BenchmarkData.categoryCount * BenchmarkData.itemsPerCategory + 1

    public static func categories() -> [Category] {
        BenchmarkData.categories() + [category]
    }

    public static func items(count: Int) -> [Item] {
        var items = BenchmarkData.items()
        items.reserveCapacity(items.count + count)
        for number in stride(from: 1, through: count, by: 1) {
            items.append(Item(
                id: ItemID(firstID + number - 1), category: category.id, title: "Item \(number)", subtitle: "Shelf row \(number % 1_000)",
                createdAt: CalendarDate(year: 2026, month: number % 12 + 1, day: number % 28 + 1)))
        }
        return items
    }
}

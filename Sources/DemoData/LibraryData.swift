import Models

/// The demo library: seven shelves of fifty books (`category-1` … `category-7`) and the
/// Periodicals (`category-8`), 1,950 issues long. Ids keep the benchmark's layout for the
/// first fifty items of every category ((c - 1) * 50 + n), and the periodicals' later issues
/// follow from 401, so deep links such as `/library/category-3/items/107` name an item in both
/// data sets.
public enum LibraryData {
    static let booksPerShelf = 50
    public static let periodicalsCategory = CategoryID("category-8")

    public static func categories() -> [Category] {
        let names = LibraryShelf.books.map(\.name) + ["Periodicals"]
        return names.enumerated().map { Category(id: CategoryID("category-\($0.offset + 1)"), name: $0.element) }
    }

    public static func items() -> [Item] {
        var items: [Item] = []
        for (index, shelf) in LibraryShelf.books.enumerated() {
            precondition(shelf.works.count == booksPerShelf, "\(shelf.name) holds \(shelf.works.count) works")
            let category = CategoryID("category-\(index + 1)")
            for (offset, work) in shelf.works.enumerated() {
                let number = offset + 1
                items.append(book(work, number: number, id: ItemID(index * booksPerShelf + number), shelf: shelf, category: category))
            }
        }
        // The periodicals: the first fifty issues where the benchmark's category 8 had its items.
        var nextID = LibraryShelf.books.count * booksPerShelf + 1
        for (offset, periodical) in LibraryPeriodical.all.enumerated() {
            for issue in 0..<LibraryPeriodical.issuesEach {
                items.append(periodical.issue(issue, id: ItemID(nextID), category: periodicalsCategory, themeOffset: offset * 5))
                nextID += 1
            }
        }
        return items
    }

    private static let formats = ["Hardback", "Paperback", "Paperback, large print", "Audiobook (MP3 CD)", "E-book (EPUB)"]
    private static let conditions = ["As new", "Good", "Good — spine faded", "Fair, rebound", "Good"]
    private static let floors = ["Ground floor", "First floor", "Second floor"]

    /// Book `number` of `shelf`: author and year as subtitle, ten rows of catalogue details.
    private static func book(_ work: LibraryShelf.Work, number: Int, id: ItemID, shelf: LibraryShelf, category: CategoryID) -> Item {
        let seed = id.rawValue
        return Item(
            id: id, category: category, title: work.title, subtitle: "\(work.author), \(work.yearText)",
            // When the library catalogued it.
            createdAt: CalendarDate(year: 2019 + seed % 7, month: 1 + seed * 5 % 12, day: 1 + seed * 7 % 28),
            details: [
                DetailRow(key: "Author", value: work.author),
                DetailRow(key: "First published", value: work.yearText),
                DetailRow(key: "Language", value: work.language),
                DetailRow(key: "Subjects", value: "\(shelf.name); \(work.century)"),
                DetailRow(key: "Format", value: formats[seed % formats.count]),
                DetailRow(key: "Shelf mark", value: "\(shelf.code) \(work.authorCode) \(number)"),
                DetailRow(key: "Copies", value: String(1 + seed % 3)),
                DetailRow(
                    key: "Loan period", value: seed % 7 == 0 ? "Reference only" : seed % 3 == 0 ? "1 week" : "3 weeks"),
                DetailRow(key: "Location", value: "\(floors[seed % floors.count]), bay \(seed % 12 + 1)"),
                DetailRow(key: "Condition", value: conditions[seed % conditions.count]),
            ])
    }
}

import Models

/// A periodical the demo library keeps every issue of: the Periodicals shelf, thousands of items,
/// is what its list's pages are for.
struct LibraryPeriodical {
    var name: String
    var code: String
    var publisher: String
    var language: String
    /// Months between two issues: 1 monthly, 2 every two months, 3 quarterly.
    var monthsApart: Int
    /// The first issue held, and its number.
    var firstYear: Int
    var firstMonth: Int
    var firstNumber: Int

    static let issuesEach = 195

    static let all: [LibraryPeriodical] = [
        LibraryPeriodical(
            name: "The Harbour Review", code: "HAR", publisher: "Harbour & Quay Press", language: "English",
            monthsApart: 3, firstYear: 1977, firstMonth: 1, firstNumber: 12),
        LibraryPeriodical(
            name: "Journal of Applied Cartography", code: "JAC", publisher: "Society for Maps & Surveys",
            language: "English", monthsApart: 1, firstYear: 2010, firstMonth: 1, firstNumber: 301),
        LibraryPeriodical(
            name: "Bulletin de la Société d’Horticulture", code: "BSH", publisher: "Société d’Horticulture de Lyon",
            language: "French", monthsApart: 2, firstYear: 1994, firstMonth: 2, firstNumber: 88),
        LibraryPeriodical(
            name: "Nordic Weather & Climate", code: "NWC", publisher: "Norðurljós Institute", language: "English",
            monthsApart: 1, firstYear: 2010, firstMonth: 6, firstNumber: 1),
        LibraryPeriodical(
            name: "Quarterly of Natural History", code: "QNH", publisher: "Field Naturalists’ Club",
            language: "English", monthsApart: 3, firstYear: 1977, firstMonth: 4, firstNumber: 140),
        LibraryPeriodical(
            name: "Zeitschrift für Buchkunde", code: "ZBK", publisher: "Verlag Müller & Söhne", language: "German",
            monthsApart: 2, firstYear: 1994, firstMonth: 1, firstNumber: 214),
        LibraryPeriodical(
            name: "The Amateur Astronomer", code: "AMA", publisher: "Backyard Skies Ltd", language: "English",
            monthsApart: 1, firstYear: 2010, firstMonth: 3, firstNumber: 512),
        LibraryPeriodical(
            name: "Kitchen & Table", code: "KIT", publisher: "Long Table Publishing", language: "English",
            monthsApart: 1, firstYear: 2009, firstMonth: 9, firstNumber: 40),
        LibraryPeriodical(
            name: "Revista de Música Antigua", code: "RMA", publisher: "Ediciones Clavicémbalo", language: "Spanish",
            monthsApart: 2, firstYear: 1994, firstMonth: 3, firstNumber: 17),
        LibraryPeriodical(
            name: "Small Press Monthly", code: "SPM", publisher: "The Independent Printers’ Guild", language: "English",
            monthsApart: 1, firstYear: 2010, firstMonth: 2, firstNumber: 77),
    ]

    /// What an issue's cover leads with; cycled through, so neighbouring issues differ.
    static let themes = [
        "Maps & memory", "Letters from Kraków", #"The "new" nature writing"#, "Translation & its discontents",
        "Night walks", "Markup & meaning: <em> in print", "Islands", "Notes from the archive", "Forty years on",
        "Winter light", "Readers’ letters", "Rivers & deltas", "Small presses, big ideas", "Ten books that changed us",
        "Café culture in São Paulo", "The art of the index", "Weather diaries", "Special issue: Ölands alvar",
        "Paper, ink & type", "In memoriam", "Edges of the map", "Field notes", "Collecting & collectors",
        "Dispatches from Reykjavík", "Repair", "A year of seasons",
    ]

    static let seasons = ["Winter", "Spring", "Summer", "Autumn"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Issue `index` (from 0) as an item of `category` with `id`.
    func issue(_ index: Int, id: ItemID, category: CategoryID, themeOffset: Int) -> Item {
        let months = (firstMonth - 1) + index * monthsApart
        let year = firstYear + months / 12
        let month = months % 12 + 1
        let number = firstNumber + index
        let date = monthsApart == 3 ? "\(Self.seasons[(month - 1) / 3]) \(year)" : "\(Self.months[month - 1]) \(year)"
        let theme = Self.themes[(index * 7 + themeOffset) % Self.themes.count]
        let frequency = switch monthsApart {
        case 1: "Monthly"
        case 2: "Every two months"
        default: "Quarterly"
        }
        return Item(
            id: id, category: category, title: "\(name), no. \(number)", subtitle: "\(date) · \(theme)",
            createdAt: CalendarDate(year: year, month: month, day: 1),
            details: [
                DetailRow(key: "Publisher", value: publisher),
                DetailRow(key: "Frequency", value: frequency),
                DetailRow(key: "Issue", value: "No. \(number)"),
                DetailRow(key: "Date", value: date),
                DetailRow(key: "Theme", value: theme),
                DetailRow(key: "Language", value: language),
                DetailRow(key: "Shelf mark", value: "PER \(code) \(year)"),
                DetailRow(key: "Loan period", value: year >= 2025 ? "Reference only (current volume)" : "1 week"),
                DetailRow(key: "Location", value: "Periodicals room, second floor"),
                DetailRow(key: "Condition", value: ["Good", "As new", "Good — cover creased", "Fair"][index % 4]),
            ])
    }
}

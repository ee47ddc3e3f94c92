/// A shelf of the demo library: a category's name and shelf-mark code, and its works in the order
/// they were catalogued (which is their id order).
struct LibraryShelf {
    /// A book as the catalogue records it.
    struct Work {
        var title: String
        var author: String
        /// Negative for years before the common era.
        var year: Int
        var isCirca: Bool
        var language: String

        init(_ title: String, _ author: String, _ year: Int, circa: Bool = false, in language: String = "English") {
            self.title = title
            self.author = author
            self.year = year
            self.isCirca = circa
            self.language = language
        }

        /// "1813", "c. 1010", "431 BC".
        var yearText: String {
            (isCirca ? "c. " : "") + (year < 0 ? "\(-year) BC" : "\(year)")
        }

        /// "19th century", "5th century BC".
        var century: String {
            let number = (abs(year) + 99) / 100
            let suffix = switch (number % 10, number % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
            return "\(number)\(suffix) century" + (year < 0 ? " BC" : "")
        }

        /// The first three letters of the first author's surname, for the shelf mark ("AUS").
        var authorCode: String {
            let first = author.split(separator: "&").first.map(String.init) ?? author
            let words = first.split(separator: " ").filter { !$0.hasSuffix(".") && $0.first?.isUppercase == true }
            return String((words.last ?? Substring(first)).prefix(3)).uppercased()
        }
    }

    var name: String
    /// The shelf mark's first part ("NOV").
    var code: String
    var works: [Work]
}

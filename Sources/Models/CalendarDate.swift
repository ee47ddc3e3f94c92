/// A day without a time zone, so models stay free of Foundation and dates print the same everywhere.
public struct CalendarDate: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// ISO 8601 (`2026-01-07`).
    /// Appended piece by piece into one small string: the detail page prints a date per request,
    /// and padded interpolation cost more than the rest of its overview.
    public var description: String {
        func pad(_ value: Int, _ width: Int, into text: inout String) {
            let digits = String(value)
            for _ in digits.utf8.count..<max(width, digits.utf8.count) { text.append("0") }
            text.append(digits)
        }
        var text = ""
        pad(year, 4, into: &text)
        text.append("-")
        pad(month, 2, into: &text)
        text.append("-")
        pad(day, 2, into: &text)
        return text
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

import Models

/// Dates written for people ("Sunday, 22 November 2026"), computed by hand so view models need no
/// Foundation and print the same on every machine.
public enum HumanDate {
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    /// Sunday first, matching `weekday(of:)`.
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// "Sunday, 22 November 2026"; an impossible date falls back to its ISO form instead of guessing.
    public static func long(_ date: CalendarDate) -> String {
        guard let weekday = weekday(of: date) else { return date.description }
        return "\(weekdayNames[weekday]), \(medium(date))"
    }

    /// "22 November 2026"; an impossible date falls back to its ISO form.
    public static func medium(_ date: CalendarDate) -> String {
        guard isValid(date) else { return date.description }
        return "\(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isValid(_ date: CalendarDate) -> Bool {
        (1...12).contains(date.month) && (1...daysInMonth(date.month, year: date.year)).contains(date.day)
            && (-1_000_000...1_000_000).contains(date.year)
    }

    /// 0 = Sunday … 6 = Saturday in the proleptic Gregorian calendar; nil for an impossible date.
    public static func weekday(of date: CalendarDate) -> Int? {
        guard isValid(date) else { return nil }
        // 1970-01-01 was a Thursday (4).
        return positiveModulo(daysSinceEpoch(date) + 4, 7)
    }

    /// Days from 1970-01-01, counting eras of 400 years (146,097 days) so any year works.
    public static func daysSinceEpoch(_ date: CalendarDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSinceEpoch`, for timestamps.
    public static func date(daysSinceEpoch days: Int) -> CalendarDate {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return CalendarDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    static func positiveModulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// IMF-fixdate (RFC 9110 §5.6.7), the one date format HTTP senders may use, e.g.
/// `Sun, 06 Nov 1994 08:49:37 GMT`. Computed by hand: no locale or formatter state involved.
public enum HTTPDate {
    public static func string(from date: Date) -> String {
        string(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    public static func string(secondsSince1970 seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[weekday]), \(twoDigits(day)) \(months[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Proleptic Gregorian date from a day count, using 400-year eras that start on March 1st.
    private static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSince1970 + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// IMF-fixdate (RFC 9110 §5.6.7), the one date format HTTP senders may use, e.g.
/// `Sun, 06 Nov 1994 08:49:37 GMT`. Computed by hand: no locale or formatter state involved.
public enum HTTPDate {
    /// The instants IMF-fixdate's four-digit years can spell (1000-01-01 to 9999-12-31T23:59:59);
    /// anything outside is clamped, so no date, however absurd, can trap the arithmetic.
    static let representable = -30_610_224_000...253_402_300_799

    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let bounds = Double(representable.lowerBound)...Double(representable.upperBound)
        guard !seconds.isNaN else { return string(secondsSince1970: representable.upperBound) }
        return string(secondsSince1970: Int(min(max(seconds, bounds.lowerBound), bounds.upperBound)))
    }

    public static func string(secondsSince1970 seconds: Int) -> String {
        let seconds = min(max(seconds, representable.lowerBound), representable.upperBound)
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

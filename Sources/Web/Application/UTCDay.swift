#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import ViewModels

/// Today's date in UTC, by arithmetic on the epoch (no calendar or formatter per request).
enum UTCDay {
    static func calendarDate(_ date: Date) -> CalendarDate {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return HumanDate.date(daysSinceEpoch: days)
    }
}

import Glibc
import HTTPCore

extension HTTPDate {
    /// Seconds since 1970 for an IMF-fixdate, or nil for anything else (obsolete formats are ignored,
    /// which only costs a full response instead of a 304).
    static func secondsSince1970(parsing text: String) -> Int? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT",
              let day = Int(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])),
              let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1970...9999).contains(year)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}

/// The `Date` header value, formatted at most once per second per event loop.
struct HTTPDateCache {
    private var second = -1
    private var value = ""

    mutating func current() -> String {
        let now = Int(time(nil))
        if now != second {
            second = now
            value = HTTPDate.string(secondsSince1970: now)
        }
        return value
    }
}

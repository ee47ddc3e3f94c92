import Glibc

/// RFC 3339 timestamps in UTC with milliseconds (`2025-01-31T12:00:00.123Z`) for JSON log lines;
/// the part up to the second is formatted once per second.
package struct LogTimestamp {
    private var second = -1
    private var prefix = ""

    package init() {}

    package mutating func current() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let seconds = Int(spec.tv_sec)
        if seconds != second {
            second = seconds
            var time = time_t(seconds)
            var parts = tm()
            gmtime_r(&time, &parts)
            prefix = "\(parts.tm_year + 1900)-\(Self.two(parts.tm_mon + 1))-\(Self.two(parts.tm_mday))T"
                + "\(Self.two(parts.tm_hour)):\(Self.two(parts.tm_min)):\(Self.two(parts.tm_sec))."
        }
        let millis = Int(spec.tv_nsec) / 1_000_000
        return prefix + String(String(millis + 1000).dropFirst()) + "Z"
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}

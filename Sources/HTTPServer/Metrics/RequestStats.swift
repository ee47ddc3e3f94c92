import Metrics

/// Requests by method, route pattern and status, and their latencies by status class: the figures
/// behind `waypoint_http_requests_total` and `waypoint_http_request_duration_seconds`. Labels come
/// from bounded sets only (known methods, route patterns), never from the raw request.
public struct RequestStats: Sendable, Equatable {
    public struct CountKey: Hashable, Sendable {
        public var method: String
        public var route: String
        public var status: Int
    }

    public struct DurationKey: Hashable, Sendable {
        public var method: String
        public var route: String
        /// `2xx`, `4xx`…
        public var statusClass: String
    }

    public private(set) var counts: [CountKey: UInt64] = [:]
    public private(set) var durations: [DurationKey: Histogram] = [:]

    /// The route label of answers no route gave (requests the server refused itself).
    public static let unroutedLabel = "none"
    private static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    public init() {}

    /// The method as a label: any method outside the standard ones is `other`. Compared in turn,
    /// commonest first (every answer asks): no hashing.
    public static func methodLabel(_ method: String) -> String {
        switch method {
        case "GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE": method
        default: "other"
        }
    }

    static func statusClass(_ status: Int) -> String {
        (1...5).contains(status / 100) ? statusClasses[status / 100 - 1] : "other"
    }

    mutating func record(method: String, route: String, status: Int, seconds: Double) {
        counts[CountKey(method: method, route: route, status: status), default: 0] &+= 1
        durations[DurationKey(method: method, route: route, statusClass: Self.statusClass(status)), default: Histogram()]
            .observe(seconds)
    }

    /// `count` answers of one series, with their latencies.
    mutating func add(count: UInt64, histogram: Histogram, for key: CountKey) {
        counts[key, default: 0] &+= count
        durations[DurationKey(method: key.method, route: key.route, statusClass: Self.statusClass(key.status)), default: Histogram()]
            .merge(histogram)
    }

    public mutating func merge(_ other: RequestStats) {
        for (key, count) in other.counts { counts[key, default: 0] &+= count }
        for (key, histogram) in other.durations { durations[key, default: Histogram()].merge(histogram) }
    }

    /// Both families, their series sorted so scrapes are stable.
    public func write(into text: inout MetricsText, prefix: String) {
        let requests = prefix + "_http_requests_total"
        text.family(requests, .counter, help: "HTTP requests answered, by method, route pattern and status.")
        for (key, count) in counts.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            text.sample(requests, [("method", key.method), ("route", key.route), ("status", String(key.status))], count)
        }
        let duration = prefix + "_http_request_duration_seconds"
        text.family(duration, .histogram, help: "Time from a request's arrival to its answer being written, in seconds.")
        for (key, histogram) in durations.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.statusClass) < ($1.key.route, $1.key.method, $1.key.statusClass)
        }) {
            text.histogram(duration, [("method", key.method), ("route", key.route), ("status", key.statusClass)], histogram)
        }
    }
}

@testable import HTTPServer
import Testing

/// A loop's request counts: each answer lands in its own series, whether it repeats the last
/// answer's kind (found without hashing) or not.
@Suite struct RequestMetricsTests {
    static func entry(_ method: String, _ route: String?, _ status: Int) -> ConnectionStateMachine.AccessEntry {
        ConnectionStateMachine.AccessEntry(
            sequence: 0, method: method, target: "/", status: status, bytes: 0, nanoseconds: 1_000_000, route: route)
    }

    @Test func runsAndAlternationsOfSeriesAreEachCountedInTheirOwn() {
        let metrics = RequestMetrics()
        let answers = [
            ("GET", "static", 200), ("GET", "static", 200), ("GET", "/library", 200), ("GET", "static", 200),
            ("GET", "static", 304), ("HEAD", "static", 200), ("GET", "static", 304), ("GET", nil, 400),
        ] as [(String, String?, Int)]
        for (method, route, status) in answers { metrics.record(Self.entry(method, route, status)) }
        let counts = metrics.snapshot.counts
        #expect(counts[.init(method: "GET", route: "static", status: 200)] == 3)
        #expect(counts[.init(method: "GET", route: "/library", status: 200)] == 1)
        #expect(counts[.init(method: "GET", route: "static", status: 304)] == 2)
        #expect(counts[.init(method: "HEAD", route: "static", status: 200)] == 1)
        #expect(counts[.init(method: "GET", route: RequestStats.unroutedLabel, status: 400)] == 1)
        #expect(counts.values.reduce(0, +) == UInt64(answers.count))
    }
}

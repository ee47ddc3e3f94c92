import Metrics
import Testing
import TestSupport

@Suite struct MetricsTextTests {
    @Test func labelValuesEscapeBackslashQuoteAndNewline() throws {
        var text = MetricsText()
        text.family("t_total", .counter, help: "A test\ncounter \\ with odd help.")
        text.sample("t_total", [("path", "a\"b\\c\nd")], UInt64(3))
        let parsed = try PrometheusText(text.text)
        #expect(parsed.values("t_total").first?.labels["path"] == "a\"b\\c\nd")
        #expect(parsed.total("t_total") == 3)
        #expect(!text.text.contains("c\nd"))
    }

    @Test func histogramBucketsAreCumulativeAndEndAtInfinity() throws {
        var histogram = Histogram()
        for value in [0.00005, 0.0003, 0.0003, 0.2, 20] { histogram.observe(value) }
        var text = MetricsText()
        text.family("d_seconds", .histogram, help: "Durations.")
        text.histogram("d_seconds", [("route", "x")], histogram)
        let parsed = try PrometheusText(text.text)
        let buckets = parsed.values("d_seconds_bucket")
        #expect(buckets.first?.labels["le"] == "0.0001")
        #expect(buckets.first?.value == 1)
        #expect(buckets.last?.labels["le"] == "+Inf")
        #expect(buckets.last?.value == 5)
        #expect(parsed.values("d_seconds_bucket", ["le": "0.00025"]).first?.value == 1)
        #expect(parsed.values("d_seconds_bucket", ["le": "0.0005"]).first?.value == 3)
        #expect(parsed.values("d_seconds_bucket", ["le": "10"]).first?.value == 4)
        #expect(parsed.total("d_seconds_count") == 5)
        #expect(abs(parsed.total("d_seconds_sum") - 20.20065) < 1e-9)
    }

    @Test func mergedHistogramsAddBucketByBucket() {
        var one = Histogram()
        var two = Histogram()
        one.observe(0.001)
        two.observe(0.001)
        two.observe(3)
        one.merge(two)
        #expect(one.count == 3)
        #expect(one.cumulativeBuckets.first { $0.upperBound == 0.001 }?.count == 2)
    }

    @Test func theParserRefusesBrokenExposition() {
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText("x_total 1\n") }
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText("# TYPE x counter\nx{a=\"b} 1\n") }
        #expect(throws: PrometheusText.Malformed.self) {
            try PrometheusText("# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n")
        }
    }

    @Test func processFiguresAreReadFromProc() throws {
        let metrics = ProcessMetrics.current()
        #expect((metrics.residentBytes ?? 0) > 0)
        #expect((metrics.openFDs ?? 0) >= 3)
        #expect((metrics.maxFDs ?? 0) >= (metrics.openFDs ?? 0))
        #expect((metrics.startTimeSeconds ?? 0) > 1_600_000_000)
        #expect(metrics.cpuSeconds != nil)
        var text = MetricsText()
        metrics.write(into: &text)
        let parsed = try PrometheusText(text.text)
        #expect(parsed.types["process_cpu_seconds_total"] == "counter")
        #expect(parsed.values("process_open_fds").count == 1)
    }
}

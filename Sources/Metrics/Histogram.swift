/// Observations counted into fixed buckets, as Prometheus histograms are: a plain value, owned by
/// one thread at a time and merged with others when scraped.
public struct Histogram: Sendable, Equatable {
    /// Upper bounds in seconds, ascending; the implicit last bucket is `+Inf`.
    public let bounds: [Double]
    /// Observations per bucket (not cumulative); one more than `bounds`, the last for `+Inf`.
    public private(set) var counts: [UInt64]
    public private(set) var sum: Double = 0

    /// 100 µs to 10 s, about three buckets per decade: request latencies and fsyncs both fit.
    public static let latencyBounds: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    public init(bounds: [Double] = Histogram.latencyBounds) {
        self.bounds = bounds
        counts = [UInt64](repeating: 0, count: bounds.count + 1)
    }

    public var count: UInt64 { counts.reduce(0, &+) }

    public mutating func observe(_ value: Double) {
        var index = 0
        while index < bounds.count, value > bounds[index] { index += 1 }
        counts[index] &+= 1
        sum += value
    }

    /// Adds another histogram's observations; both must share their bounds.
    public mutating func merge(_ other: Histogram) {
        precondition(bounds == other.bounds, "histograms with different buckets")
        for index in counts.indices { counts[index] &+= other.counts[index] }
        sum += other.sum
    }

    /// `(le, cumulative count)` per bucket, ending with `+Inf` and the total.
    public var cumulativeBuckets: [(upperBound: Double, count: UInt64)] {
        var running: UInt64 = 0
        return counts.indices.map { index in
            running &+= counts[index]
            return (index < bounds.count ? bounds[index] : .infinity, running)
        }
    }
}

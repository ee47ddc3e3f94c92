import Synchronization

/// A histogram several threads observe into, for rare events (a store's group commit): one lock
/// is fine at that rate; per-request figures use per-loop histograms instead.
public final class SharedHistogram: Sendable {
    private let histogram: Mutex<Histogram>

    public init(bounds: [Double] = Histogram.latencyBounds) {
        histogram = Mutex(Histogram(bounds: bounds))
    }

    public func observe(_ value: Double) {
        histogram.withLock { $0.observe(value) }
    }

    public var snapshot: Histogram { histogram.withLock { $0 } }
}

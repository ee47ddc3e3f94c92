import Networking

/// Monotonic nanoseconds. Injected so that tests can move reconnect backoff forward without waiting.
public struct RedisClock: Sendable {
    public let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    /// The monotonic clock the server's loops use too.
    public static let system = RedisClock { MonotonicClock.now() }

    /// `now` plus `duration`, saturating.
    func deadline(after duration: Duration) -> UInt64 {
        let (sum, overflow) = now().addingReportingOverflow(duration.nanoseconds)
        return overflow ? .max : sum
    }
}

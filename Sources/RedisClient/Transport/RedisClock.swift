import Glibc

/// Monotonic nanoseconds. Injected so that tests can move reconnect backoff forward without waiting.
public struct RedisClock: Sendable {
    public let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    public static let system = RedisClock {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// `now` plus `duration`, saturating.
    func deadline(after duration: Duration) -> UInt64 {
        let (sum, overflow) = now().addingReportingOverflow(duration.nanoseconds)
        return overflow ? .max : sum
    }
}

extension Duration {
    /// Whole nanoseconds, clamped at zero.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}

/// Exponential backoff for reconnecting: after the n-th failed connect in a row, no new connect is
/// tried for `initial × 2ⁿ⁻¹` (at most `maximum`). A success starts over. Pure: time comes in.
public struct RedisBackoff: Sendable, Hashable {
    public let initialDelay: UInt64
    public let maximumDelay: UInt64
    public private(set) var consecutiveFailures = 0
    /// When the next connect may be tried; nil while connects succeed.
    public private(set) var retryAt: UInt64?
    public private(set) var lastFailure: RedisError?

    /// Delays in nanoseconds.
    public init(initialDelay: UInt64, maximumDelay: UInt64) {
        self.initialDelay = max(1, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
    }

    /// The delay that follows the current run of failures.
    public var currentDelay: UInt64 {
        guard consecutiveFailures > 0 else { return 0 }
        let shift = min(consecutiveFailures - 1, 62)
        let (delay, overflow) = initialDelay.multipliedReportingOverflow(by: 1 << UInt64(shift))
        return overflow ? maximumDelay : min(delay, maximumDelay)
    }

    public mutating func recordFailure(_ error: RedisError, at now: UInt64) {
        consecutiveFailures += 1
        lastFailure = error
        let (sum, overflow) = now.addingReportingOverflow(currentDelay)
        retryAt = overflow ? .max : sum
    }

    public mutating func recordSuccess() {
        consecutiveFailures = 0
        retryAt = nil
        lastFailure = nil
    }

    /// Nanoseconds left before a connect may be tried, or nil when it may be tried now.
    public func remainingDelay(at now: UInt64) -> UInt64? {
        guard let retryAt, retryAt > now else { return nil }
        return retryAt - now
    }
}

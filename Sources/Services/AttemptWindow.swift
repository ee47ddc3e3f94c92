#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One key's attempts in its current fixed window, as the throttles count them: when the window
/// opened, how many attempts it holds and when the last came. A value, so the decisions made from
/// it are the same whether it was counted in memory or in Redis.
public struct AttemptWindow: Sendable, Hashable {
    public var start: Date
    public var attempts: Int
    public var last: Date

    public init(start: Date, attempts: Int, last: Date) {
        self.start = start
        self.attempts = attempts
        self.last = last
    }

    /// Whether the window is still open at `now`.
    func isOpen(at now: Date, length: TimeInterval) -> Bool {
        now.timeIntervalSince(start) < length
    }
}

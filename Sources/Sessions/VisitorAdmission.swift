#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient
import Services
import Synchronization

/// Decides whether a cookie-less visitor gets a session: at most `limit` new sessions per client
/// address per window. Beyond it the visitor still gets every page, only without server state, so
/// a flood of cookie-less requests costs a bounded amount of memory and never evicts anyone.
///
/// Alone, an instance counts in memory; sharing Redis, every instance counts in one window per
/// address there (`RedisAttemptWindows`), so the limit holds across the instances behind a load
/// balancer. A count Redis cannot take admits nobody: the page is still served.
public final class VisitorAdmission: Sendable {
    public struct Configuration: Sendable {
        public var limit: Int
        public var window: TimeInterval
        /// Addresses remembered at most (a flood of addresses cannot grow memory without bound).
        public var maxAddresses: Int

        public init(limit: Int = 60, window: TimeInterval = 60, maxAddresses: Int = 10_000) {
            self.limit = limit
            self.window = window
            self.maxAddresses = maxAddresses
        }
    }

    public static let kind = "admission"
    private let limits: AttemptThrottle.Configuration
    private let throttle: Mutex<AttemptThrottle>
    /// Where the count is kept when instances share Redis.
    private let shared: RedisPool?
    private let windows = RedisAttemptWindows()

    public init(configuration: Configuration, sharedIn pool: RedisPool? = nil) {
        limits = .init(limit: configuration.limit, window: configuration.window, maxEntries: configuration.maxAddresses)
        throttle = Mutex(AttemptThrottle(configuration: limits))
        shared = pool
    }

    /// Whether `client` may start one more session now (and counts it). With Redis this blocks on
    /// a round trip: callers are on a worker then.
    public func admits(_ client: Client, now: Date) -> Bool {
        if let shared, let count = sharedCount(client, now: now) {
            return (try? shared.send(count)).map(admits(counted:)) ?? false
        }
        return throttle.withLock { throttle in
            do {
                try throttle.attempt(client.address, now: now)
                return true
            } catch {
                return false
            }
        }
    }

    /// With Redis, the command that counts one new session of `client` (for a caller pipelining it
    /// with other questions); nil when counting is in memory.
    public func sharedCount(_ client: Client, now: Date) -> RedisCommand? {
        guard shared != nil else { return nil }
        return windows.record(Self.kind, key: client.address, now: now, length: limits.window)
    }

    /// Whether the count `sharedCount` took, itself included, is within the limit.
    public func admits(counted reply: RESPValue) -> Bool {
        guard let window = try? RedisAttemptWindows.window(from: reply) else { return false }
        return window.attempts <= limits.limit
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import Services
import Synchronization

/// Decides whether a cookie-less visitor gets a session: at most `limit` new sessions per client
/// address per window. Beyond it the visitor still gets every page, only without server state, so
/// a flood of cookie-less requests costs a bounded amount of memory and never evicts anyone.
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

    private let throttle: Mutex<AttemptThrottle>

    init(configuration: Configuration) {
        throttle = Mutex(AttemptThrottle(configuration: .init(
            limit: configuration.limit, window: configuration.window, maxEntries: configuration.maxAddresses)))
    }

    /// Whether `client` may start one more session now (and counts it).
    func admits(_ client: Client, now: Date) -> Bool {
        throttle.withLock { throttle in
            do {
                try throttle.attempt(client.address, now: now)
                return true
            } catch {
                return false
            }
        }
    }
}

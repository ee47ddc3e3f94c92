import RedisClient
import Synchronization

/// Readiness of the shared store, and the way back after an outage. Redis counts as answering
/// while the pool's last connection attempt did not fail. Only a call that needs Redis attempts a
/// new connection, and a load balancer sends an instance that is not ready no requests at all, so
/// without help an instance would stay out after Redis returns. Each readiness check made while
/// not ready therefore starts one `PING` on a worker (never more than one at a time; while the
/// pool's reconnect backoff runs it fails at once without connecting), and the check after a
/// successful one answers ready again.
final class SharedStoreProbe: Sendable {
    private let pool: RedisPool
    private let submit: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let probing = Atomic<Bool>(false)

    init(pool: RedisPool, submit: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.pool = pool
        self.submit = submit
    }

    /// Never blocks: safe on an event loop.
    var answers: Bool {
        guard pool.backoff.consecutiveFailures > 0 else { return true }
        if probing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            submit { [self] in
                _ = try? pool.send(RedisCommand("PING"))
                probing.store(false, ordering: .releasing)
            }
        }
        return false
    }
}

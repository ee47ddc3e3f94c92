import HTTPServer
import RedisClient
import Synchronization

/// Readiness of the shared store: whether Redis answers now, found without ever blocking the
/// event loop that asks. Redis is not ready while the pool's last call or connect failed (a reply
/// that did not come within the reply timeout counts: a hung server still accepts connections),
/// nor while a probe has waited longer than `patience` for its reply.
///
/// Requests alone would not tell: an instance taken out of the load balancer gets none, and one
/// without traffic would not notice a hang. So a readiness check made when no reply has arrived
/// for `patience` (or while failing) starts one `PING` on the probe's own one-thread lane (never
/// more than one at a time, never behind requests on the workers); the check after it answers
/// from its outcome. While the pool backs off the PING fails at once; the first one after the
/// delay reconnects, and its reply makes the instance ready again.
final class SharedStoreProbe: Sendable {
    private let pool: RedisPool
    private let lane: WorkerPool
    private let patience: UInt64
    /// When the probe in flight started (the pool's clock), 0 when none is.
    private let probeStarted = Atomic<UInt64>(0)

    init(pool: RedisPool, lane: WorkerPool, patience: Duration = .milliseconds(500)) {
        self.pool = pool
        self.lane = lane
        let (seconds, attoseconds) = patience.components
        self.patience = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    /// Never blocks: safe on an event loop.
    var answers: Bool {
        let now = pool.now
        let started = probeStarted.load(ordering: .acquiring)
        if started != 0 {
            // A PING that waits this long means a server that hangs, before its timeout says so.
            return !pool.isFailing && now &- started <= patience
        }
        let failing = pool.isFailing
        if failing || now &- pool.lastReplyTime > patience { startProbe(at: now) }
        return !failing
    }

    private func startProbe(at now: UInt64) {
        guard probeStarted.compareExchange(expected: 0, desired: max(1, now), ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        let accepted = lane.trySubmit { [self] in
            _ = try? pool.send(RedisCommand("PING"))
            probeStarted.store(0, ordering: .releasing)
        }
        if !accepted { probeStarted.store(0, ordering: .releasing) }
    }

    /// Stops the probe's lane (at shutdown).
    func shutdown() { lane.shutdown() }
}

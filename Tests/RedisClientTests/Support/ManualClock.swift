import RedisClient
import Synchronization

/// The system clock plus an offset a test can move forward, so reconnect backoff passes without
/// waiting while reply timeouts still run on real time.
final class ManualClock: Sendable {
    private let offset = Atomic<UInt64>(0)

    var clock: RedisClock {
        RedisClock { [self] in RedisClock.system.now() &+ offset.load(ordering: .relaxed) }
    }

    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        offset.add(UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000), ordering: .relaxed)
    }
}

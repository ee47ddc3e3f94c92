import Metrics
import Synchronization

/// One event loop's request counts and latencies. Only its own loop records into it, so its lock
/// is never contended on the hot path; a scrape takes each loop's lock in turn and merges.
final class RequestMetrics: Sendable {
    private let stats = Mutex(RequestStats())

    func record(_ entry: ConnectionStateMachine.AccessEntry) {
        let method = RequestStats.methodLabel(entry.method)
        let route = entry.route ?? RequestStats.unroutedLabel
        let seconds = Double(entry.nanoseconds) / 1e9
        stats.withLock { $0.record(method: method, route: route, status: entry.status, seconds: seconds) }
    }

    var snapshot: RequestStats { stats.withLock { $0 } }
}

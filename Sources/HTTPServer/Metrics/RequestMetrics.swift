import Metrics
import Synchronization

/// One event loop's request counts and latencies. Only its own loop records into it, so its lock
/// is never contended on the hot path; a scrape takes each loop's lock in turn and merges.
/// Each series (method, route, status) keeps its count and latencies together, found with one
/// dictionary lookup per answer; the scrape folds the latencies by status class.
final class RequestMetrics: Sendable {
    private struct Series {
        var key: RequestStats.CountKey
        var count: UInt64 = 0
        var histogram = Histogram()
    }

    private struct State {
        var slots: [RequestStats.CountKey: Int] = [:]
        var series: [Series] = []
        /// The series recorded last: a run of answers of one kind (a page's files, a benchmark)
        /// finds it by comparing keys, with no hashing of two strings per answer.
        var lastSlot = -1
    }

    private let state = Mutex(State())

    func record(_ entry: ConnectionStateMachine.AccessEntry) {
        let route = entry.route ?? RequestStats.unroutedLabel
        let seconds = Double(entry.nanoseconds) / 1e9
        state.withLock { state in
            var slot = state.lastSlot
            // The last series is matched field by field, with no key built: a standard method is its
            // own label, and any other is labelled `other`, which it never equals (but `other` itself).
            if slot < 0 || !Self.matches(state.series[slot].key, entry, route: route) {
                let key = RequestStats.CountKey(method: RequestStats.methodLabel(entry.method), route: route, status: entry.status)
                slot = state.slots[key] ?? {
                    state.series.append(Series(key: key))
                    state.slots[key] = state.series.count - 1
                    return state.series.count - 1
                }()
            }
            state.lastSlot = slot
            state.series[slot].count &+= 1
            state.series[slot].histogram.observe(seconds)
        }
    }

    private static func matches(_ key: RequestStats.CountKey, _ entry: ConnectionStateMachine.AccessEntry, route: String) -> Bool {
        key.status == entry.status && key.route == route && key.method == entry.method
    }

    var snapshot: RequestStats {
        let series = state.withLock { $0.series }
        var stats = RequestStats()
        for one in series { stats.add(count: one.count, histogram: one.histogram, for: one.key) }
        return stats
    }
}

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
        let key = RequestStats.CountKey(
            method: RequestStats.methodLabel(entry.method), route: entry.route ?? RequestStats.unroutedLabel, status: entry.status)
        let seconds = Double(entry.nanoseconds) / 1e9
        state.withLock { state in
            let last = state.lastSlot
            let slot = last >= 0 && state.series[last].key == key ? last : state.slots[key] ?? {
                state.series.append(Series(key: key))
                state.slots[key] = state.series.count - 1
                return state.series.count - 1
            }()
            state.lastSlot = slot
            state.series[slot].count &+= 1
            state.series[slot].histogram.observe(seconds)
        }
    }

    var snapshot: RequestStats {
        let series = state.withLock { $0.series }
        var stats = RequestStats()
        for one in series { stats.add(count: one.count, histogram: one.histogram, for: one.key) }
        return stats
    }
}

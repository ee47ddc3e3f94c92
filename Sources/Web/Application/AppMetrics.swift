import HTTPServer
import Metrics
import Navigation

/// Waypoint's figures for `/metrics`: the server's requests and connections, sessions, the worker
/// queue, navigation events, store commits and the process. Everything is read when scraped; the
/// hot paths only bump per-loop counts or atomics.
final class AppMetrics: Sendable {
    let navigationEvents = EventCounters<NavigationLedger.Kind>()
    let storeCommits = SharedHistogram()
    /// Who may scrape, besides loopback.
    let allowed: [IPNetwork]
    private static let loopback = [IPNetwork("127.0.0.0/8")!, IPNetwork("::1")!]

    init(allowed: [IPNetwork]) {
        self.allowed = allowed
    }

    func mayScrape(_ address: String) -> Bool {
        (Self.loopback + allowed).contains { $0.contains(address) }
    }

    struct Sources {
        var requests: RequestStats
        var openConnections: Int
        var visitorSessions: Int
        var signedInSessions: Int
        var workerQueueDepth: Int
    }

    func render(_ sources: Sources) -> String {
        var text = MetricsText()
        sources.requests.write(into: &text, prefix: "waypoint")
        text.family("waypoint_sessions", .gauge, help: "Live sessions in memory, by kind.")
        text.sample("waypoint_sessions", [("kind", "visitor")], Double(sources.visitorSessions))
        text.sample("waypoint_sessions", [("kind", "signed_in")], Double(sources.signedInSessions))
        text.family("waypoint_connections_open", .gauge, help: "Open client connections.")
        text.sample("waypoint_connections_open", [], Double(sources.openConnections))
        text.family("waypoint_worker_queue_depth", .gauge, help: "Jobs waiting for a worker thread.")
        text.sample("waypoint_worker_queue_depth", [], Double(sources.workerQueueDepth))
        text.family("waypoint_navigation_events_total", .counter, help: "Navigation ledger records, by event.")
        for kind in NavigationLedger.Kind.allCases {
            text.sample("waypoint_navigation_events_total", [("event", kind.rawValue)], navigationEvents.count(kind))
        }
        text.family("waypoint_store_commit_seconds", .histogram, help: "Group commits (write and fsync) of the stores, in seconds.")
        text.histogram("waypoint_store_commit_seconds", [], storeCommits.snapshot)
        ProcessMetrics.current().write(into: &text)
        return text.text
    }
}

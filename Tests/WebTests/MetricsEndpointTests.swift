import Foundation
import HTTPServer
import Testing
import TestSupport
@testable import Web

@Suite struct MetricsEndpointTests {
    private func scrape(_ client: WebClient) throws -> PrometheusText {
        let response = try client.get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        return try PrometheusText(response.text)
    }

    @Test func everyLineOfAScrapeIsValidExposition() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/library/category-1")
        _ = try client.get("/styles.css")
        let metrics = try scrape(client)
        for family in ["waypoint_http_requests_total", "waypoint_http_request_duration_seconds", "waypoint_sessions",
                       "waypoint_connections_open", "waypoint_worker_queue_depth", "waypoint_navigation_events_total",
                       "waypoint_store_commit_seconds", "process_cpu_seconds_total", "process_resident_memory_bytes",
                       "process_open_fds", "process_max_fds", "process_start_time_seconds"] {
            #expect(metrics.types[family] != nil, "missing \(family)")
        }
        #expect(metrics.total("waypoint_connections_open") >= 1)
        #expect(metrics.values("waypoint_sessions", ["kind": "visitor"]).first?.value == 1)
        #expect(metrics.total("waypoint_http_requests_total", ["route": "static", "method": "GET", "status": "200"]) == 1)
        #expect(metrics.total("waypoint_http_request_duration_seconds_count", ["route": "/library/{category}", "status": "2xx"]) == 1)
    }

    @Test func countersMoveAsRequestsAreMade() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/flow")
        let before = try scrape(client)
        _ = try client.get("/flow/secondary1")
        #expect(try client.get("/library/category-1").status == 200)
        #expect(try client.get("/library/category-3").status == 200)
        _ = try client.request("BREW", "/flow")
        let after = try scrape(client)
        #expect(after.total("waypoint_http_requests_total", ["route": "/flow/secondary1"])
            == before.total("waypoint_http_requests_total", ["route": "/flow/secondary1"]) + 1)
        #expect(after.total("waypoint_http_requests_total", ["route": "/library/{category}"]) == 2)
        #expect(after.total("waypoint_http_requests_total", ["route": "metrics"]) == 1)
        #expect(after.total("waypoint_http_requests_total", ["method": "other"]) == 1)
        #expect(after.total("waypoint_navigation_events_total", ["event": "push"])
            > before.total("waypoint_navigation_events_total", ["event": "push"]))
    }

    @Test func hostilePathsAddNoLabelValuesBeyondNotFound() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/library/category-1")
        let before = Set(try scrape(client).values("waypoint_http_requests_total").compactMap { $0.labels["route"] })
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.~%2F{}\"")
        for _ in 0..<1000 {
            let length = Int.random(in: 1...40, using: &generator)
            let path = "/" + String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                .replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
            _ = try client.get(path)
        }
        let after = Set(try scrape(client).values("waypoint_http_requests_total").compactMap { $0.labels["route"] })
        #expect(after.subtracting(before).isSubset(of: ["not_found", "metrics", "static", "none"]))
        #expect(after.count <= before.count + 4)
    }

    @Test func onlyLoopbackAndAllowedNetworksMayScrape() throws {
        let proxies = TrustedProxies(list: "127.0.0.0/8")!
        let app = try TestApp(trustedProxies: proxies, metricsAllow: [IPNetwork("198.51.100.0/24")!])
        let client = app.client()
        let stranger = try client.get("/metrics", headers: [("X-Forwarded-For", "203.0.113.9")])
        #expect(stranger.status == 404)
        #expect(!stranger.text.contains("waypoint_"))
        #expect(try client.get("/metrics", headers: [("X-Forwarded-For", "198.51.100.7")]).status == 200)
        #expect(try client.get("/metrics").status == 200)
    }
}

import HTTPServer
import TestSupport
import Testing
@testable import Web

/// Behind the shipped haproxy settings a client cannot choose the address it is counted under,
/// nor the id its requests are logged with: haproxy deletes what clients send and Waypoint believes
/// only the header haproxy sets, from haproxy only.
@Suite(.enabled(if: HAProxy.liveTestsEnabled, "haproxy is not installed"))
struct ProxyHeaderTests {
    let app: TestApp
    let proxy: HAProxy

    init() throws {
        var options = TestApp.defaultOptions
        options.visitorAdmission = .init(limit: 2, window: 600)
        app = try TestApp(options: options, trustedProxies: TrustedProxies(list: "127.0.0.1/32")!)
        proxy = try HAProxy(
            backendPort: app.port,
            requestRules: try HAProxy.shippedRequestRules(repositoryRoot: TestApp.packageRoot.path))
    }

    @Test func rotatingForwardingHeadersAdmitNoMoreVisitors() throws {
        var admitted = 0
        for index in 1...6 {
            let response = try WebClient(port: proxy.port).get("/flow", headers: [
                ("Forwarded", "for=203.0.113.\(index)"), ("X-Forwarded-For", "198.51.100.\(index)"),
                ("X-Real-IP", "192.0.2.\(index)"), ("X-Forwarded-Proto", "https"),
            ])
            #expect(response.status == 200 || response.status == 303)
            if response.header("Set-Cookie") != nil { admitted += 1 }
        }
        // Every request came from 127.0.0.1, which is what haproxy forwards: one visitor's budget.
        #expect(admitted == 2)
    }

    @Test func aClientsRequestIDIsReplacedByTheProxys() throws {
        let response = try WebClient(port: proxy.port).get("/healthz", headers: [("X-Request-Id", "chosen-by-the-client")])
        let id = try #require(response.header("X-Request-Id"))
        #expect(id != "chosen-by-the-client")
        // haproxy's unique-id format (hex fields joined by dashes), adopted from the trusted proxy,
        // not one Waypoint made (16 hex digits).
        #expect(id.contains("-"))
    }
}

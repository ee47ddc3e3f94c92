import HTTPServer
import Testing
@testable import WaypointCommand
@testable import Web

/// Behind a trusted proxy each visitor is counted under its own address; from anyone else the
/// forwarding headers change nothing.
@Suite struct TrustedProxyTests {
    func app(trusting proxies: String?) throws -> TestApp {
        var options = TestApp.defaultOptions
        options.visitorAdmission = .init(limit: 2, window: 600)
        return try TestApp(options: options, trustedProxies: proxies.flatMap { TrustedProxies(list: $0) } ?? TrustedProxies())
    }

    func newSessions(_ app: TestApp, forwardedFor address: String, count: Int) throws -> Int {
        var made = 0
        for _ in 0..<count {
            let response = try app.client().get("/flow", headers: [("X-Forwarded-For", address)])
            if response.header("Set-Cookie") != nil { made += 1 }
        }
        return made
    }

    @Test func behindATrustedProxyVisitorsAreAdmittedPerForwardedAddress() throws {
        let app = try app(trusting: "127.0.0.1/32")
        #expect(try newSessions(app, forwardedFor: "198.51.100.1", count: 3) == 2)
        #expect(try newSessions(app, forwardedFor: "198.51.100.2", count: 1) == 1)
    }

    @Test func ipv6VisitorsAreCountedPerSlash64() throws {
        let app = try app(trusting: "127.0.0.1/32")
        var made = 0
        for index in 1...6 {
            made += try newSessions(app, forwardedFor: "2001:db8:7:9::\(String(index, radix: 16))", count: 1)
        }
        #expect(made == 2)
        #expect(try newSessions(app, forwardedFor: "2001:db8:7:a::1", count: 1) == 1)
    }

    @Test func fromAnUntrustedPeerTheHeaderChangesNothing() throws {
        let app = try app(trusting: nil)
        #expect(try newSessions(app, forwardedFor: "198.51.100.1", count: 1) == 1)
        #expect(try newSessions(app, forwardedFor: "198.51.100.2", count: 1) == 1)
        #expect(try newSessions(app, forwardedFor: "198.51.100.3", count: 1) == 0)
    }

    @Test func theFlagAndTheVariableTakeRanges() throws {
        let flag = try WaypointConfiguration.parse(arguments: ["--trusted-proxy", "10.0.0.0/8,fd00::/8"], environment: [:])
        #expect(flag.trustedProxies.networks.map(\.description) == ["10.0.0.0/8", "fd00::/8"])
        let variable = try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_TRUSTED_PROXIES": "192.0.2.1"])
        #expect(variable.trustedProxies.trusts("192.0.2.1"))
        #expect(throws: WaypointConfiguration.Error.self) {
            try WaypointConfiguration.parse(arguments: ["--trusted-proxy", "10.0.0.0/99"], environment: [:])
        }
        #expect(flag.trustedProxies.header == .xForwardedFor)
        let forwarded = try WaypointConfiguration.parse(
            arguments: ["--forwarded-header", "Forwarded", "--trusted-proxy", "10.0.0.0/8"], environment: [:])
        #expect(forwarded.trustedProxies.header == .forwarded)
        #expect(forwarded.serverConfiguration.trustedProxies == forwarded.trustedProxies)
        #expect(throws: WaypointConfiguration.Error.self) {
            try WaypointConfiguration.parse(arguments: ["--forwarded-header", "x-real-ip"], environment: [:])
        }
        #expect(try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_IPV6_PREFIX": "56"]).ipv6CountingPrefix == 56)
    }
}

import Foundation
import TestSupport
import Testing
@testable import Web

/// A flood of cookie-less requests costs bounded memory and signs nobody out: visitors get server
/// state only within their address's admission budget, and never in the signed-in pool.
@Suite struct SessionFloodTests {
    /// 20,000 by default: past the admission budget (60) every request takes the same path, so more
    /// proves nothing more in a debug build. `.ci/bench-state.py` floods the release server with
    /// 100,000 in CI; `WAYPOINT_FLOOD_REQUESTS` sets the count here.
    static let floodRequests = ProcessInfo.processInfo.environment["WAYPOINT_FLOOD_REQUESTS"].flatMap(Int.init) ?? 20_000
    static let batch = 500

    @Test(.timeLimit(.minutes(3)))
    func aCookielessFloodSignsNobodyOut() throws {
        // The clock stands still: the admission budget cannot refill during the flood.
        var options = TestApp.defaultOptions
        let now = Date()
        options.clock = { now }
        let app = try TestApp(options: options)
        let members = (0..<3).map { _ in app.client() }
        for member in members { #expect(try member.signIn().status == 303) }
        let rssBefore = Self.residentBytes()

        let flood = try LoopbackClient(port: app.port, timeoutMilliseconds: 10_000)
        var answered = 0
        var cookies = 0
        while answered < Self.floodRequests {
            let count = min(Self.batch, Self.floodRequests - answered)
            let method = answered % 2_000 == 0 ? "GET" : "HEAD"
            flood.send(String(repeating: "\(method) /flow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: count))
            for _ in 0..<count {
                let response = try flood.readResponse(head: method == "HEAD")
                #expect(response.status == 200)
                if response.header("Set-Cookie") != nil { cookies += 1 }
            }
            answered += count
        }

        let rssGrowth = Self.residentBytes() - rssBefore
        print("flood: \(answered) cookie-less requests, \(cookies) sessions admitted, RSS grew by \(rssGrowth >> 20) MiB")
        for member in members {
            #expect(try member.get("/library/category-1").text.contains("Signed in as"))
        }
        // HEADs never start a session, GETs only within the address's budget.
        #expect(cookies <= Application.Options().visitorAdmission.limit)
        #expect(app.application.sessionCount <= 3 + Application.Options().visitorAdmission.limit)
        #expect(rssGrowth < 64 << 20)
    }

    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
    }
}

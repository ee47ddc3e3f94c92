import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing

/// Requests the connection refuses itself are answered through the configured error page, keeping
/// the server's status and closing; without a page, or when it gives none, the built-in text stays.
@Suite struct ConnectionErrorPageTests {
    static let millisecond: UInt64 = 1_000_000

    static func machine(errorPage: HTTPServer.Configuration.ErrorPage?) -> ConnectionStateMachine {
        ConnectionStateMachine(
            configuration: .init(
                limits: .init(maxBodyBytes: 8), headerReadTimeout: 100 * millisecond, errorPage: errorPage),
            now: 0)
    }

    static func at(_ milliseconds: UInt64) -> ConnectionStateMachine.Now {
        .init(nanoseconds: milliseconds * millisecond, httpDate: "Sun, 22 Nov 2026 00:00:00 GMT")
    }

    static func written(_ machine: ConnectionStateMachine) -> String {
        String(decoding: machine.pendingOutbound, as: UTF8.self)
    }

    @Test func aBodyOverTheLimitIsAnsweredWithTheConfiguredPage() {
        let seen = Mutex<[String]>([])
        var machine = Self.machine { status, reason in
            seen.withLock { $0.append("\(status.code) \(reason)") }
            return .html("<p>custom \(status.code)</p>", status: .ok)
        }
        let actions = machine.following(at: Self.at(1)) {
            $0.received(Array("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\n".utf8), now: $1)
        }
        let text = Self.written(machine)
        #expect(text.hasPrefix("HTTP/1.1 413 "))  // the page cannot change the status
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.contains("Content-Type: text/html; charset=utf-8\r\n"))
        #expect(text.hasSuffix("\r\n\r\n<p>custom 413</p>"))
        #expect(seen.withLock { $0.count } == 1)
        #expect(seen.withLock { $0.first?.hasPrefix("413 ") } == true)
        #expect(actions.contains { if case .answered(let entry) = $0 { entry.status == 413 } else { false } })
    }

    @Test func aTimeoutIsAnsweredWithTheConfiguredPage() {
        var machine = Self.machine { status, _ in .html("<p>late \(status.code)</p>", status: status) }
        _ = machine.following(at: Self.at(0)) { $0.received(Array("GET / HTTP/1.1\r\n".utf8), now: $1) }
        _ = machine.following(at: Self.at(100)) { $0.tick(now: $1) }
        let text = Self.written(machine)
        #expect(text.hasPrefix("HTTP/1.1 408 "))
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.hasSuffix("<p>late 408</p>"))
    }

    @Test func aPageThatGivesNothingFallsBackToTheBuiltInText() {
        var machine = Self.machine { _, _ in nil }
        _ = machine.following(at: Self.at(0)) { $0.received(Array("HELLO\r\n\r\n".utf8), now: $1) }
        let text = Self.written(machine)
        #expect(text.hasPrefix("HTTP/1.1 400 "))
        #expect(text.contains("Content-Type: text/plain; charset=utf-8\r\n"))
        #expect(text.contains("\r\n\r\n400 Bad Request\n"))
    }
}

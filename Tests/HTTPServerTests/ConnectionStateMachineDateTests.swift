import HTTPCore
@testable import HTTPServer
import Testing

/// The Date and Server lines are made once per date and kept by the connection: an answer must
/// still carry the date of its own moment, and the server's name, on every answer.
@Suite struct ConnectionStateMachineDateTests {
    static let configuration: ConnectionStateMachine.Configuration = {
        var configuration = ConnectionStateMachine.Configuration(
            headerReadTimeout: 1_000_000_000, bodyReadTimeout: 1_000_000_000, idleTimeout: 1_000_000_000,
            maxPipelinedRequests: 4, maxOutboundBytes: 100_000)
        configuration.serverName = "Waypoint"
        return configuration
    }()

    var machine = ConnectionStateMachine(configuration: configuration, now: 0)

    /// Sends a GET, answers it at `date`, and returns what was written for it.
    mutating func exchange(at nanoseconds: UInt64, date: String) -> String {
        let now = ConnectionStateMachine.Now(nanoseconds: nanoseconds, httpDate: date)
        let actions = machine.following(at: now) { $0.received(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: $1) }
        let sequences = actions.compactMap { if case .respond(_, let sequence) = $0 { sequence } else { nil } }
        #expect(sequences.count == 1)
        _ = machine.following(at: now) { $0.replied(.text("ok"), sequence: sequences.first ?? -1, now: $1) }
        let written = String(decoding: machine.pendingOutbound, as: UTF8.self)
        let count = machine.pendingOutboundBytes
        _ = machine.following(at: now) { $0.wrote(count, now: $1) }
        return written
    }

    @Test mutating func eachAnswerCarriesTheDateOfItsOwnMomentAndTheServersName() {
        let first = exchange(at: 1, date: "Sun, 22 Nov 2026 00:00:00 GMT")
        let same = exchange(at: 2, date: "Sun, 22 Nov 2026 00:00:00 GMT")
        let later = exchange(at: 1_000_000_001, date: "Sun, 22 Nov 2026 00:00:01 GMT")
        for written in [first, same] {
            #expect(written.contains("\r\nDate: Sun, 22 Nov 2026 00:00:00 GMT\r\nServer: Waypoint\r\n"))
        }
        #expect(later.contains("\r\nDate: Sun, 22 Nov 2026 00:00:01 GMT\r\nServer: Waypoint\r\n"))
        #expect(!later.contains("00:00:00"))
    }
}

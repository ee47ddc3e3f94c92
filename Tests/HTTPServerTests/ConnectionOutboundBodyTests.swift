import HTTPCore
@testable import HTTPServer
import Testing

/// A large body is written from the response's own array after its head, never copied behind it;
/// the bytes on the wire are the same, in the same order, however the writes split them.
@Suite struct ConnectionOutboundBodyTests {
    static let configuration = ConnectionStateMachine.Configuration(maxPipelinedRequests: 4)
    static let now = ConnectionStateMachine.Now(nanoseconds: 1, httpDate: "Sun, 22 Nov 2026 00:00:00 GMT")
    static let large = [UInt8]((0..<10_000).map { UInt8(truncatingIfNeeded: $0 % 251) })

    var machine = ConnectionStateMachine(configuration: configuration, now: 0)

    mutating func ask(_ count: Int) -> [Int] {
        let text = String(repeating: "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", count: count)
        return machine.following(at: Self.now) { $0.received(Array(text.utf8), now: $1) }.compactMap {
            if case .respond(_, let sequence) = $0 { sequence } else { nil }
        }
    }

    @Test mutating func aLargeBodyStaysInItsOwnArrayAndFollowsItsHead() {
        let sequences = ask(1)
        _ = machine.following(at: Self.now) { $0.replied(HTTPResponse(status: .ok, body: Self.large), sequence: sequences[0], now: $1) }
        // The head alone is in the copied bytes; the body is the response's array itself.
        #expect(machine.outbound.count < 1000)
        #expect(machine.outboundBody == Self.large)
        let wire = machine.pendingOutbound
        #expect(String(decoding: wire.prefix(machine.outbound.count), as: UTF8.self).contains("Content-Length: 10000\r\n"))
        #expect(Array(wire.suffix(Self.large.count)) == Self.large)
        #expect(machine.pendingOutboundBytes == wire.count)
    }

    @Test mutating func writesThatSplitHeadAndBodyAnywhereMoveThroughBoth() {
        let sequences = ask(1)
        _ = machine.following(at: Self.now) { $0.replied(HTTPResponse(status: .ok, body: Self.large), sequence: sequences[0], now: $1) }
        let wire = machine.pendingOutbound
        var sent: [UInt8] = []
        // First past the head into the body, then in odd pieces to the end.
        for step in [machine.outbound.count + 7, 1, 4093, 1 << 20] {
            let count = min(step, machine.pendingOutboundBytes)
            machine.withPendingOutbound { head, body in
                sent += Array(head.prefix(count)) + Array(body.prefix(max(0, count - head.count)))
            }
            _ = machine.following(at: Self.now) { $0.wrote(count, now: $1) }
        }
        #expect(sent == wire)
        #expect(machine.pendingOutboundBytes == 0)
        #expect(machine.outboundBody.isEmpty)
    }

    @Test mutating func pipelinedAnswersKeepTheirOrderAroundALargeBody() {
        let sequences = ask(3)
        _ = machine.following(at: Self.now) { $0.replied(.text("first"), sequence: sequences[0], now: $1) }
        _ = machine.following(at: Self.now) { $0.replied(HTTPResponse(status: .ok, body: Self.large), sequence: sequences[1], now: $1) }
        _ = machine.following(at: Self.now) { $0.replied(.text("third"), sequence: sequences[2], now: $1) }
        let wire = machine.pendingOutbound
        let text = String(decoding: wire, as: UTF8.self)
        let first = text.range(of: "\r\n\r\nfirst")
        let third = text.range(of: "\r\n\r\nthird")
        let large = wire.firstRange(of: Self.large)
        #expect(first != nil && third != nil && large != nil)
        if let first, let third, let large {
            #expect(text.utf8.distance(from: text.startIndex, to: first.upperBound) <= large.lowerBound)
            #expect(large.upperBound <= text.utf8.distance(from: text.startIndex, to: third.lowerBound))
        }
    }
}

import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing

/// A field a reply sets (`settingField`) reaches the answer however the reply is delivered: set
/// on the response a handler receives, or written by the connection as it frames the answer.
@Suite struct HTTPReplyFieldTests {
    @Test func aHandlerReplyReceivesTheResponseWithTheFieldSetInPlaceOfItsOwn() {
        let received = Mutex<HTTPResponse?>(nil)
        var response = HTTPResponse.text("ok")
        response.headers.add("X-Request-Id", "the-apps")
        HTTPReply { answer in received.withLock { $0 = answer } }.settingField("X-Request-Id", "abc").send(response)
        #expect(received.withLock { $0?.headers.values(for: "X-Request-Id") } == ["abc"])
    }

    @Test func aReplyMappedAfterTheFieldStillCarriesIt() {
        let received = Mutex<HTTPResponse?>(nil)
        HTTPReply { answer in received.withLock { $0 = answer } }
            .settingField("X-Request-Id", "abc")
            .map { response in
                var response = response
                response.status = .created
                return response
            }
            .send(.text("ok"))
        #expect(received.withLock { $0?.headers["X-Request-Id"] } == "abc")
        #expect(received.withLock { $0?.status } == .created)
    }

    @Test func theConnectionWritesTheFieldOnceAndLogsItAsTheRequestID() {
        var machine = ConnectionStateMachine(configuration: .init(), now: 0)
        let now = ConnectionStateMachine.Now(nanoseconds: 1, httpDate: "d")
        guard let sequence = Self.handOutRequest(to: &machine, at: now) else { return }
        var response = HTTPResponse.text("ok")
        response.headers.add("x-request-id", "the-apps")
        let actions = machine.following(at: now) {
            $0.replied(response, field: ("X-Request-Id", "id-1"), sequence: sequence, now: $1)
        }
        let written = String(decoding: machine.pendingOutbound, as: UTF8.self)
        #expect(written.contains("X-Request-Id: id-1\r\n"))
        #expect(!written.contains("the-apps"))
        let entries = actions.compactMap { action -> ConnectionStateMachine.AccessEntry? in
            if case .answered(let entry) = action { entry } else { nil }
        }
        #expect(entries.map(\.requestID) == ["id-1"])
    }

    @Test func aNumberFieldReachesAHandlerAsItsHexDigits() {
        let received = Mutex<HTTPResponse?>(nil)
        let reply = HTTPReply { answer in received.withLock { $0 = answer } }.settingField("X-Request-Id", hex: 0xABC)
        #expect(reply.field?.value == "0000000000000abc")
        reply.send(.text("ok"))
        #expect(received.withLock { $0?.headers.values(for: "X-Request-Id") } == ["0000000000000abc"])
    }

    @Test func theConnectionWritesANumberFieldAsDigitsAndLogsTheirText() {
        var machine = ConnectionStateMachine(configuration: .init(), now: 0)
        let now = ConnectionStateMachine.Now(nanoseconds: 1, httpDate: "d")
        guard let sequence = Self.handOutRequest(to: &machine, at: now) else { return }
        let actions = machine.following(at: now) {
            $0.replied(.text("ok"), label: nil, field: .init(name: "X-Request-Id", value: .hex(0xFEED)), sequence: sequence, now: $1)
        }
        let written = String(decoding: machine.pendingOutbound, as: UTF8.self)
        #expect(written.contains("\r\nX-Request-Id: 000000000000feed\r\n"))
        let entries = actions.compactMap { action -> ConnectionStateMachine.AccessEntry? in
            if case .answered(let entry) = action { entry } else { nil }
        }
        #expect(entries.map(\.requestID) == ["000000000000feed"])
        #expect(entries.first == ConnectionStateMachine.AccessEntry(
            sequence: sequence, method: "GET", target: "/a", status: 200, bytes: 2, nanoseconds: 0, requestID: "000000000000feed"))
    }

    /// Hands the machine one GET and returns the sequence of the request it hands out, or records
    /// an issue and returns nil.
    static func handOutRequest(to machine: inout ConnectionStateMachine, at now: ConnectionStateMachine.Now) -> Int? {
        let handed = machine.following(at: now) { $0.received(Array("GET /a HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: $1) }
        guard case .respond(_, let sequence)? = handed.first else {
            Issue.record("no request handed out")
            return nil
        }
        return sequence
    }
}

import HTTPCore
@testable import HTTPServer
import Testing

/// The connection's protocol rules, driven without sockets and with a hand-moved clock.
@Suite struct ConnectionStateMachineTests {
    static let millisecond: UInt64 = 1_000_000
    static let configuration = ConnectionStateMachine.Configuration(
        headerReadTimeout: 100 * millisecond, bodyReadTimeout: 200 * millisecond, idleTimeout: 300 * millisecond,
        maxPipelinedRequests: 4, maxOutboundBytes: 1000)

    var machine = ConnectionStateMachine(configuration: configuration, now: 0)

    static func at(_ milliseconds: UInt64) -> ConnectionStateMachine.Now {
        .init(nanoseconds: milliseconds * millisecond, httpDate: "Sun, 22 Nov 2026 00:00:00 GMT")
    }

    /// Sequences of the requests handed to the responder.
    static func requests(_ actions: [ConnectionStateMachine.Action]) -> [(HTTPRequest, Int)] {
        actions.compactMap { if case .respond(let request, let sequence) = $0 { (request, sequence) } else { nil } }
    }

    /// The sequence of the `index`th request, or -1 (which the machine ignores) so a missing request fails, not crashes.
    static func sequence(_ requests: [(HTTPRequest, Int)], _ index: Int) -> Int {
        index < requests.count ? requests[index].1 : -1
    }

    static func closes(_ actions: [ConnectionStateMachine.Action]) -> Bool {
        actions.contains(.close)
    }

    /// Takes everything the machine wants written, as text, with the actions that follow.
    mutating func drain(at milliseconds: UInt64 = 0) -> (String, [ConnectionStateMachine.Action]) {
        let text = String(decoding: machine.pendingOutbound, as: UTF8.self)
        let actions = wrote(machine.pendingOutboundBytes, at: milliseconds)
        return (text, actions)
    }

    // Each event with every action that follows it, as the shell performs them.

    mutating func receive(_ bytes: some Sequence<UInt8>, at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        let bytes = Array(bytes)
        return machine.following(at: Self.at(milliseconds)) { $0.received(bytes, now: $1) }
    }

    mutating func receive(_ text: String, at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        receive(text.utf8, at: milliseconds)
    }

    mutating func reply(_ response: HTTPResponse, to sequence: Int, at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        machine.following(at: Self.at(milliseconds)) { $0.replied(response, sequence: sequence, now: $1) }
    }

    mutating func wrote(_ count: Int, at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        machine.following(at: Self.at(milliseconds)) { $0.wrote(count, now: $1) }
    }

    mutating func tick(at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        machine.following(at: Self.at(milliseconds)) { $0.tick(now: $1) }
    }

    mutating func shutdown(at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        machine.following(at: Self.at(milliseconds)) { $0.shutdown(now: $1) }
    }

    mutating func peerClosed(at milliseconds: UInt64) -> [ConnectionStateMachine.Action] {
        machine.following(at: Self.at(milliseconds)) { $0.peerClosed(now: $1) }
    }

    @Test mutating func aRequestIsHandedOutAndItsAnswerFramedWithServerHeaders() {
        let actions = receive("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 1)
        let requests = Self.requests(actions)
        #expect(requests.map(\.0.target) == ["/a"])
        _ = reply(.text("hello"), to: Self.sequence(requests, 0), at: 2)
        let (written, after) = drain(at: 3)
        #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(written.contains("Content-Length: 5\r\n"))
        #expect(written.contains("Date: Sun, 22 Nov 2026 00:00:00 GMT\r\n"))
        #expect(written.contains("Connection: keep-alive\r\n"))
        #expect(written.hasSuffix("\r\n\r\nhello"))
        #expect(!Self.closes(after))
        #expect(machine.wantsRead)
    }

    @Test mutating func eachEventReturnsExactlyTheActionItCausesAndNextSaysWhenThereIsNoMore() {
        let received = machine.received(Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: Self.at(1))
        #expect(received == .respond(HTTPRequest(target: "/a", headers: ["Host": "x"]), sequence: 0))
        #expect(machine.next(now: Self.at(1)) == .nothing)
        let replied = machine.replied(.text("hello"), sequence: 0, now: Self.at(4))
        #expect(replied == .answered(
            .init(sequence: 0, method: "GET", target: "/a", status: 200, bytes: 5, nanoseconds: 3 * Self.millisecond)))
        #expect(machine.next(now: Self.at(4)) == .nothing)
        #expect(machine.wrote(machine.pendingOutboundBytes, now: Self.at(5)) == .nothing)
        #expect(machine.tick(now: Self.at(305)) == .close)
        #expect(machine.next(now: Self.at(305)) == .nothing)
        #expect(machine.received(Array("GET / HTTP/1.1\r\n\r\n".utf8), now: Self.at(306)) == .nothing)
    }

    @Test mutating func pipelinedRequestsAreHandedOutOneActionAtATime() {
        let bytes = Array("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        #expect(machine.received(bytes, now: Self.at(0)) == .respond(HTTPRequest(target: "/1", headers: ["Host": "t"]), sequence: 0))
        #expect(machine.next(now: Self.at(0)) == .respond(HTTPRequest(target: "/2", headers: ["Host": "t"]), sequence: 1))
        #expect(machine.next(now: Self.at(0)) == .nothing)
    }

    @Test mutating func answersThatWaitedTheirTurnAreEachAnActionInRequestOrder() {
        let bytes = String(repeating: "GET /w HTTP/1.1\r\nHost: t\r\n\r\n", count: 3)
        #expect(Self.requests(receive(bytes, at: 0)).map(\.1) == [0, 1, 2])
        #expect(reply(.text("c"), to: 2, at: 1) == [])
        #expect(reply(.text("b"), to: 1, at: 2) == [])
        let entry = { (sequence: Int, body: Int) in
            ConnectionStateMachine.AccessEntry(
                sequence: sequence, method: "GET", target: "/w", status: 200, bytes: body, nanoseconds: 3 * Self.millisecond)
        }
        #expect(machine.replied(.text("a"), sequence: 0, now: Self.at(3)) == .answered(entry(0, 1)))
        #expect(machine.next(now: Self.at(3)) == .answered(entry(1, 1)))
        #expect(machine.next(now: Self.at(3)) == .answered(entry(2, 1)))
        #expect(machine.next(now: Self.at(3)) == .nothing)
    }

    @Test mutating func aRequestTheMachineRefusesItselfIsAnsweredInItsTurnAndReadingGoesOn() {
        let bytes = Array("OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let refused = machine.received(bytes, now: Self.at(2))
        #expect(refused == .answered(.init(
            sequence: 0, method: "OPTIONS", target: "*", status: 501, bytes: machine.pendingOutboundBytes - Self.headBytes(machine),
            nanoseconds: 0)))
        #expect(machine.next(now: Self.at(2)) == .respond(HTTPRequest(target: "/b", headers: ["Host": "t"]), sequence: 1))
        #expect(machine.next(now: Self.at(2)) == .nothing)
        #expect(String(decoding: machine.pendingOutbound, as: UTF8.self).hasPrefix("HTTP/1.1 501 "))
    }

    /// The bytes of the pending answer's head, CRLF CRLF included.
    static func headBytes(_ machine: ConnectionStateMachine) -> Int {
        let text = String(decoding: machine.pendingOutbound, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return 0 }
        return text.utf8.distance(from: text.startIndex, to: end.upperBound)
    }

    @Test mutating func anUnreadableRequestIsOneAnsweredActionAndTheCloseFollowsItsWrite() {
        let answered = machine.received(Array("BAD\r\n\r\n".utf8), now: Self.at(1))
        guard case .answered(let entry) = answered else {
            Issue.record("expected the 400 to be answered, got \(answered)")
            return
        }
        #expect(entry.status == 400)
        #expect(entry.method == "-")
        #expect(machine.next(now: Self.at(1)) == .nothing)
        #expect(machine.wrote(machine.pendingOutboundBytes, now: Self.at(2)) == .close)
        #expect(machine.next(now: Self.at(2)) == .nothing)
    }

    @Test mutating func anOwedContinueIsAFlushOfItsOwn() {
        let head = "POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n"
        #expect(machine.received(Array(head.utf8), now: Self.at(0)) == .flush)
        #expect(machine.next(now: Self.at(0)) == .nothing)
    }

    @Test mutating func pipelinedAnswersAreWrittenInRequestOrderWhateverOrderTheyArriveIn() {
        let bytes = "GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\nGET /3 HTTP/1.1\r\nHost: t\r\n\r\n"
        let requests = Self.requests(receive(bytes.utf8, at: 0))
        #expect(requests.map(\.0.target) == ["/1", "/2", "/3"])
        _ = reply(.text("three"), to: Self.sequence(requests, 2), at: 1)
        _ = reply(.text("two"), to: Self.sequence(requests, 1), at: 1)
        #expect(machine.pendingOutboundBytes == 0)
        _ = reply(.text("one"), to: Self.sequence(requests, 0), at: 1)
        let (written, _) = drain()
        let bodies = written.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix { $0 != "H" } }
        #expect(bodies == ["one", "two", "three"])
    }

    @Test mutating func aSecondReplyForTheSameRequestIsIgnored() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        _ = reply(.text("first"), to: Self.sequence(requests, 0), at: 1)
        let before = machine.pendingOutboundBytes
        _ = reply(.text("second"), to: Self.sequence(requests, 0), at: 1)
        #expect(machine.pendingOutboundBytes == before)
    }

    @Test mutating func http10WithoutKeepAliveClosesAfterItsAnswer() {
        let requests = Self.requests(receive("GET / HTTP/1.0\r\n\r\n", at: 0))
        #expect(!machine.wantsRead)
        _ = reply(.text("bye"), to: Self.sequence(requests, 0), at: 1)
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    /// Headers framed once and then told to close (a field added after `withWireForm`) still close.
    @Test mutating func anAnswerWhoseHeadersInWireFormAreToldToCloseCloses() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        var framed = HTTPResponse.text("framed")
        framed.headers = framed.headers.withWireForm()
        _ = reply(framed, to: Self.sequence(requests, 0), at: 1)
        var (written, after) = drain()
        #expect(written.contains("Connection: keep-alive\r\n"))
        #expect(!Self.closes(after))
        var closing = HTTPResponse.text("bye")
        closing.headers = closing.headers.withWireForm()
        closing.headers.add("Connection", "close")
        _ = reply(closing, to: Self.sequence(requests, 1), at: 2)
        (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func http10WithKeepAliveStaysOpen() {
        let requests = Self.requests(receive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", at: 0))
        _ = reply(.text("hi"), to: Self.sequence(requests, 0), at: 1)
        let (written, after) = drain()
        #expect(written.contains("Connection: keep-alive\r\n"))
        #expect(!Self.closes(after))
    }

    @Test mutating func headKeepsContentLengthButSendsNoBody() {
        let requests = Self.requests(receive("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        _ = reply(.text("twelve bytes"), to: Self.sequence(requests, 0), at: 1)
        let (written, _) = drain()
        #expect(written.contains("Content-Length: 12\r\n"))
        #expect(written.hasSuffix("\r\n\r\n"))
    }

    @Test mutating func expectContinueIsAnsweredBeforeTheBodyArrives() {
        let head = "POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n"
        let first = receive(head, at: 0)
        #expect(Self.requests(first).isEmpty)
        let (written, _) = drain()
        #expect(written == "HTTP/1.1 100 Continue\r\n\r\n")
        let second = Self.requests(receive("data", at: 1))
        #expect(second.map(\.0.body) == [Array("data".utf8)])
    }

    @Test mutating func aContinueOwedBehindAPipelinedAnswerIsWrittenRightAfterIt() {
        let bytes = "GET /a HTTP/1.1\r\nHost: t\r\n\r\nPOST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
        let requests = Self.requests(receive(bytes.utf8, at: 0))
        #expect(requests.map(\.0.target) == ["/a"])
        #expect(machine.pendingOutboundBytes == 0)
        #expect(machine.deadline == 200 * Self.millisecond)  // the body clock runs
        _ = reply(.text("a"), to: Self.sequence(requests, 0), at: 1)
        let (written, _) = drain(at: 1)
        #expect(written.hasSuffix("\r\n\r\naHTTP/1.1 100 Continue\r\n\r\n"))
        let posted = Self.requests(receive("ok", at: 2))
        #expect(posted.map(\.0.body) == [Array("ok".utf8)])
    }

    @Test mutating func nothingIsAskedOfTheShellOnceTheConnectionIsClosed() {
        let requests = Self.requests(receive("GET / HTTP/1.0\r\n\r\n", at: 0))
        _ = reply(.text("bye"), to: Self.sequence(requests, 0), at: 1)
        #expect(drain().1 == [.close])
        #expect(wrote(0, at: 2) == [])
        #expect(tick(at: 10_000) == [])
        #expect(peerClosed(at: 10_000) == [])
        #expect(shutdown(at: 10_000) == [])
        #expect(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 10_001) == [])
        #expect(machine.next(now: Self.at(10_001)) == .nothing)
    }

    @Test mutating func aParseErrorIsAnsweredWithItsStatusAndCloses() {
        let actions = receive("GET / HTTP/9.9\r\n\r\n", at: 0)
        #expect(Self.requests(actions).isEmpty)
        let (written, after) = drain()
        #expect(written.hasPrefix("HTTP/1.1 505 "))
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func aParseErrorWaitsForEarlierPipelinedAnswers() {
        let requests = Self.requests(receive("GET /ok HTTP/1.1\r\nHost: t\r\n\r\nBAD\r\n\r\n", at: 0))
        #expect(requests.count == 1)
        #expect(machine.pendingOutboundBytes == 0)
        _ = reply(.text("fine"), to: Self.sequence(requests, 0), at: 1)
        let (written, after) = drain()
        #expect(written.hasPrefix("HTTP/1.1 200 OK"))
        #expect(written.contains("HTTP/1.1 400 "))
        #expect(Self.closes(after))
    }

    @Test mutating func anIdleConnectionClosesAtTheIdleTimeoutAndNotBefore() {
        #expect(machine.deadline == 300 * Self.millisecond)
        #expect(!Self.closes(tick(at: 299)))
        #expect(Self.closes(tick(at: 300)))
        #expect(machine.isClosed)
    }

    @Test mutating func theIdleClockRestartsWhenTheLastAnswerIsWritten() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        #expect(machine.deadline == nil)  // the app is working: no idle timeout
        _ = reply(.text("x"), to: Self.sequence(requests, 0), at: 1000)
        _ = drain(at: 1000)
        #expect(machine.deadline == 1300 * Self.millisecond)
    }

    @Test mutating func aTricklingHeadIsTimedOutWith408() {
        _ = receive("GET / HTTP/1.1\r\nHost: t\r\n", at: 10)
        _ = receive("X-A: 1\r\n", at: 60)
        #expect(machine.deadline == 110 * Self.millisecond)
        _ = tick(at: 110)
        let (written, after) = drain(at: 110)
        #expect(written.hasPrefix("HTTP/1.1 408 "))
        #expect(Self.closes(after))
    }

    @Test mutating func aSlowBodyIsTimedOutByTheBodyTimeout() {
        _ = receive("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab", at: 0)
        #expect(machine.deadline == 200 * Self.millisecond)
        _ = tick(at: 200)
        let (written, _) = drain(at: 200)
        #expect(written.hasPrefix("HTTP/1.1 408 "))
    }

    @Test mutating func readingPausesWhileTooMuchWaitsToBeWritten() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        _ = reply(HTTPResponse(body: [UInt8](repeating: 65, count: 2000)), to: Self.sequence(requests, 0), at: 1)
        #expect(!machine.wantsRead)
        _ = wrote(machine.pendingOutboundBytes - 10, at: 2)
        #expect(machine.wantsRead)
    }

    @Test mutating func aPeerThatStopsReadingIsLetGoAfterTheIdleTimeoutWithoutProgress() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        _ = reply(HTTPResponse(body: [UInt8](repeating: 65, count: 5000)), to: Self.sequence(requests, 0), at: 10)
        _ = wrote(1000, at: 200)
        #expect(machine.deadline == 500 * Self.millisecond)
        #expect(!Self.closes(tick(at: 499)))
        #expect(Self.closes(tick(at: 500)))
    }

    @Test mutating func parsingPausesAtThePipeliningCap() {
        let bytes = String(repeating: "GET / HTTP/1.1\r\nHost: t\r\n\r\n", count: 6)
        let requests = Self.requests(receive(bytes.utf8, at: 0))
        #expect(requests.count == 4)
        #expect(!machine.wantsRead)
        let more = Self.requests(reply(.text("a"), to: Self.sequence(requests, 0), at: 1))
        #expect(more.count == 1)
    }

    @Test mutating func shutdownClosesAnIdleConnectionAtOnce() {
        #expect(Self.closes(shutdown(at: 1)))
    }

    @Test mutating func shutdownLetsTheRequestInFlightFinishThenCloses() {
        let requests = Self.requests(receive("GET / HTTP/1.1\r\nHost: t\r\n\r\n", at: 0))
        #expect(!Self.closes(shutdown(at: 1)))
        #expect(!machine.wantsRead)
        _ = reply(.text("done"), to: Self.sequence(requests, 0), at: 2)
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(written.hasSuffix("done"))
        #expect(Self.closes(after))
    }

    @Test mutating func shutdownLetsARequestBeingReadFinishAndAnswersItLast() {
        _ = receive("GET /late HTTP/1.1\r\nHost: t\r\n", at: 0)
        #expect(!Self.closes(shutdown(at: 1)))
        let requests = Self.requests(receive("\r\nGET /never HTTP/1.1\r\n\r\n", at: 2))
        #expect(requests.map(\.0.target) == ["/late"])
        _ = reply(.text("ok"), to: Self.sequence(requests, 0), at: 3)
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func eachAnswerIsLoggedWithStatusSizeAndDuration() {
        let requests = Self.requests(receive("GET /log HTTP/1.1\r\nHost: t\r\n\r\n", at: 5))
        let actions = reply(.text("abc", status: .created), to: Self.sequence(requests, 0), at: 8)
        #expect(actions == [
            .answered(.init(sequence: Self.sequence(requests, 0), method: "GET", target: "/log", status: 201, bytes: 3, nanoseconds: 3 * Self.millisecond)),
        ])
    }
}

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

    /// Takes everything the machine wants written, as text.
    mutating func drain(at milliseconds: UInt64 = 0) -> (String, [ConnectionStateMachine.Action]) {
        let text = String(decoding: machine.pendingOutbound, as: UTF8.self)
        let actions = machine.wrote(machine.pendingOutboundBytes, now: Self.at(milliseconds))
        return (text, actions)
    }

    @Test mutating func aRequestIsHandedOutAndItsAnswerFramedWithServerHeaders() {
        let actions = machine.received(Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: Self.at(1))
        let requests = Self.requests(actions)
        #expect(requests.map(\.0.target) == ["/a"])
        _ = machine.replied(.text("hello"), sequence: Self.sequence(requests, 0), now: Self.at(2))
        let (written, after) = drain(at: 3)
        #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(written.contains("Content-Length: 5\r\n"))
        #expect(written.contains("Date: Sun, 22 Nov 2026 00:00:00 GMT\r\n"))
        #expect(written.contains("Connection: keep-alive\r\n"))
        #expect(written.hasSuffix("\r\n\r\nhello"))
        #expect(!Self.closes(after))
        #expect(machine.wantsRead)
    }

    @Test mutating func eachEventReturnsExactlyTheActionsItCauses() {
        let received = machine.received(Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: Self.at(1))
        #expect(received == [.respond(HTTPRequest(target: "/a", headers: ["Host": "x"]), sequence: 0)])
        let replied = machine.replied(.text("hello"), sequence: 0, now: Self.at(4))
        #expect(replied == [
            .log(.init(sequence: 0, method: "GET", target: "/a", status: 200, bytes: 5, nanoseconds: 3 * Self.millisecond)),
            .flush,
        ])
        #expect(drain(at: 5).1 == [])
        #expect(machine.tick(now: Self.at(305)) == [.close])
        #expect(machine.received(Array("GET / HTTP/1.1\r\n\r\n".utf8), now: Self.at(306)) == [])
    }

    @Test mutating func pipelinedAnswersAreWrittenInRequestOrderWhateverOrderTheyArriveIn() {
        let bytes = "GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\nGET /3 HTTP/1.1\r\nHost: t\r\n\r\n"
        let requests = Self.requests(machine.received(Array(bytes.utf8), now: Self.at(0)))
        #expect(requests.map(\.0.target) == ["/1", "/2", "/3"])
        _ = machine.replied(.text("three"), sequence: Self.sequence(requests, 2), now: Self.at(1))
        _ = machine.replied(.text("two"), sequence: Self.sequence(requests, 1), now: Self.at(1))
        #expect(machine.pendingOutboundBytes == 0)
        _ = machine.replied(.text("one"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, _) = drain()
        let bodies = written.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix { $0 != "H" } }
        #expect(bodies == ["one", "two", "three"])
    }

    @Test mutating func aSecondReplyForTheSameRequestIsIgnored() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(.text("first"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let before = machine.pendingOutboundBytes
        _ = machine.replied(.text("second"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        #expect(machine.pendingOutboundBytes == before)
    }

    @Test mutating func http10WithoutKeepAliveClosesAfterItsAnswer() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.0\r\n\r\n".utf8), now: Self.at(0)))
        #expect(!machine.wantsRead)
        _ = machine.replied(.text("bye"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func http10WithKeepAliveStaysOpen() {
        let requests = Self.requests(machine.received(
            Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(.text("hi"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, after) = drain()
        #expect(written.contains("Connection: keep-alive\r\n"))
        #expect(!Self.closes(after))
    }

    @Test mutating func headKeepsContentLengthButSendsNoBody() {
        let requests = Self.requests(machine.received(Array("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(.text("twelve bytes"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, _) = drain()
        #expect(written.contains("Content-Length: 12\r\n"))
        #expect(written.hasSuffix("\r\n\r\n"))
    }

    @Test mutating func expectContinueIsAnsweredBeforeTheBodyArrives() {
        let head = "POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n"
        let first = machine.received(Array(head.utf8), now: Self.at(0))
        #expect(Self.requests(first).isEmpty)
        let (written, _) = drain()
        #expect(written == "HTTP/1.1 100 Continue\r\n\r\n")
        let second = Self.requests(machine.received(Array("data".utf8), now: Self.at(1)))
        #expect(second.map(\.0.body) == [Array("data".utf8)])
    }

    @Test mutating func aContinueOwedBehindAPipelinedAnswerIsWrittenRightAfterIt() {
        let bytes = "GET /a HTTP/1.1\r\nHost: t\r\n\r\nPOST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
        let requests = Self.requests(machine.received(Array(bytes.utf8), now: Self.at(0)))
        #expect(requests.map(\.0.target) == ["/a"])
        #expect(machine.pendingOutboundBytes == 0)
        #expect(machine.deadline == 200 * Self.millisecond)  // the body clock runs
        _ = machine.replied(.text("a"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, _) = drain(at: 1)
        #expect(written.hasSuffix("\r\n\r\naHTTP/1.1 100 Continue\r\n\r\n"))
        let posted = Self.requests(machine.received(Array("ok".utf8), now: Self.at(2)))
        #expect(posted.map(\.0.body) == [Array("ok".utf8)])
    }

    @Test mutating func nothingIsAskedOfTheShellOnceTheConnectionIsClosed() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.0\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(.text("bye"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        #expect(drain().1 == [.close])
        #expect(machine.wrote(0, now: Self.at(2)) == [])
        #expect(machine.tick(now: Self.at(10_000)) == [])
        #expect(machine.peerClosed(now: Self.at(10_000)) == [])
        #expect(machine.shutdown(now: Self.at(10_000)) == [])
    }

    @Test mutating func aParseErrorIsAnsweredWithItsStatusAndCloses() {
        let actions = machine.received(Array("GET / HTTP/9.9\r\n\r\n".utf8), now: Self.at(0))
        #expect(Self.requests(actions).isEmpty)
        let (written, after) = drain()
        #expect(written.hasPrefix("HTTP/1.1 505 "))
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func aParseErrorWaitsForEarlierPipelinedAnswers() {
        let requests = Self.requests(machine.received(Array("GET /ok HTTP/1.1\r\nHost: t\r\n\r\nBAD\r\n\r\n".utf8), now: Self.at(0)))
        #expect(requests.count == 1)
        #expect(machine.pendingOutboundBytes == 0)
        _ = machine.replied(.text("fine"), sequence: Self.sequence(requests, 0), now: Self.at(1))
        let (written, after) = drain()
        #expect(written.hasPrefix("HTTP/1.1 200 OK"))
        #expect(written.contains("HTTP/1.1 400 "))
        #expect(Self.closes(after))
    }

    @Test mutating func anIdleConnectionClosesAtTheIdleTimeoutAndNotBefore() {
        #expect(machine.deadline == 300 * Self.millisecond)
        #expect(!Self.closes(machine.tick(now: Self.at(299))))
        #expect(Self.closes(machine.tick(now: Self.at(300))))
        #expect(machine.isClosed)
    }

    @Test mutating func theIdleClockRestartsWhenTheLastAnswerIsWritten() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        #expect(machine.deadline == nil)  // the app is working: no idle timeout
        _ = machine.replied(.text("x"), sequence: Self.sequence(requests, 0), now: Self.at(1000))
        _ = drain(at: 1000)
        #expect(machine.deadline == 1300 * Self.millisecond)
    }

    @Test mutating func aTricklingHeadIsTimedOutWith408() {
        _ = machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n".utf8), now: Self.at(10))
        _ = machine.received(Array("X-A: 1\r\n".utf8), now: Self.at(60))
        #expect(machine.deadline == 110 * Self.millisecond)
        _ = machine.tick(now: Self.at(110))
        let (written, after) = drain(at: 110)
        #expect(written.hasPrefix("HTTP/1.1 408 "))
        #expect(Self.closes(after))
    }

    @Test mutating func aSlowBodyIsTimedOutByTheBodyTimeout() {
        _ = machine.received(Array("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab".utf8), now: Self.at(0))
        #expect(machine.deadline == 200 * Self.millisecond)
        _ = machine.tick(now: Self.at(200))
        let (written, _) = drain(at: 200)
        #expect(written.hasPrefix("HTTP/1.1 408 "))
    }

    @Test mutating func readingPausesWhileTooMuchWaitsToBeWritten() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(HTTPResponse(body: [UInt8](repeating: 65, count: 2000)), sequence: Self.sequence(requests, 0), now: Self.at(1))
        #expect(!machine.wantsRead)
        _ = machine.wrote(machine.pendingOutboundBytes - 10, now: Self.at(2))
        #expect(machine.wantsRead)
    }

    @Test mutating func aPeerThatStopsReadingIsLetGoAfterTheIdleTimeoutWithoutProgress() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        _ = machine.replied(HTTPResponse(body: [UInt8](repeating: 65, count: 5000)), sequence: Self.sequence(requests, 0), now: Self.at(10))
        _ = machine.wrote(1000, now: Self.at(200))
        #expect(machine.deadline == 500 * Self.millisecond)
        #expect(!Self.closes(machine.tick(now: Self.at(499))))
        #expect(Self.closes(machine.tick(now: Self.at(500))))
    }

    @Test mutating func parsingPausesAtThePipeliningCap() {
        let bytes = String(repeating: "GET / HTTP/1.1\r\nHost: t\r\n\r\n", count: 6)
        let requests = Self.requests(machine.received(Array(bytes.utf8), now: Self.at(0)))
        #expect(requests.count == 4)
        #expect(!machine.wantsRead)
        let more = Self.requests(machine.replied(.text("a"), sequence: Self.sequence(requests, 0), now: Self.at(1)))
        #expect(more.count == 1)
    }

    @Test mutating func shutdownClosesAnIdleConnectionAtOnce() {
        #expect(Self.closes(machine.shutdown(now: Self.at(1))))
    }

    @Test mutating func shutdownLetsTheRequestInFlightFinishThenCloses() {
        let requests = Self.requests(machine.received(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(0)))
        #expect(!Self.closes(machine.shutdown(now: Self.at(1))))
        #expect(!machine.wantsRead)
        _ = machine.replied(.text("done"), sequence: Self.sequence(requests, 0), now: Self.at(2))
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(written.hasSuffix("done"))
        #expect(Self.closes(after))
    }

    @Test mutating func shutdownLetsARequestBeingReadFinishAndAnswersItLast() {
        _ = machine.received(Array("GET /late HTTP/1.1\r\nHost: t\r\n".utf8), now: Self.at(0))
        #expect(!Self.closes(machine.shutdown(now: Self.at(1))))
        let requests = Self.requests(machine.received(Array("\r\nGET /never HTTP/1.1\r\n\r\n".utf8), now: Self.at(2)))
        #expect(requests.map(\.0.target) == ["/late"])
        _ = machine.replied(.text("ok"), sequence: Self.sequence(requests, 0), now: Self.at(3))
        let (written, after) = drain()
        #expect(written.contains("Connection: close\r\n"))
        #expect(Self.closes(after))
    }

    @Test mutating func eachAnswerIsLoggedWithStatusSizeAndDuration() {
        let requests = Self.requests(machine.received(Array("GET /log HTTP/1.1\r\nHost: t\r\n\r\n".utf8), now: Self.at(5)))
        let actions = machine.replied(.text("abc", status: .created), sequence: Self.sequence(requests, 0), now: Self.at(8))
        #expect(actions == [
            .log(.init(sequence: Self.sequence(requests, 0), method: "GET", target: "/log", status: 201, bytes: 3, nanoseconds: 3 * Self.millisecond)),
            .flush,
        ])
    }
}

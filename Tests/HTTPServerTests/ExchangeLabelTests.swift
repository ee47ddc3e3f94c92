import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// The server knows no routes: what it counts and logs an answer under, and its name, are values
/// the application hands it.
@Suite struct ExchangeLabelTests {
    @Test func aMappedReplyHandsOnTheLabelItWasSentWith() {
        let received = Mutex<(status: Int, label: ExchangeLabel?)?>(nil)
        let connection = HTTPReply(labeled: { response, label in received.withLock { $0 = (response.status.code, label) } })
        let inFront = connection.map { response in
            var response = response
            response.headers.set("X-Seen", "1")
            return response
        }
        let label = ExchangeLabel("/reset-password/{token}", hidesTarget: true)
        inFront.map { response in
            var response = response
            response.status = .created
            return response
        }.labeled(label).send(.text("ok"))
        #expect(received.withLock { $0?.status } == 201)
        #expect(received.withLock { $0?.label } == label)
    }

    @Test func aReplyNobodyLabelledCarriesNoLabel() {
        let received = Mutex<ExchangeLabel??>(nil)
        HTTPReply(labeled: { _, label in received.withLock { $0 = label } }).map { $0 }.send(.text("ok"))
        #expect(received.withLock { $0 } == .some(nil))
    }

    @Test func theLabelReachesTheAccessEntryInsteadOfTheResponse() {
        var machine = ConnectionStateMachine(configuration: .init(), now: 0)
        let request = Array("GET /reset-password/secret HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let now = ConnectionStateMachine.Now(nanoseconds: 1, httpDate: "d")
        let actions = machine.following(at: now) { $0.received(request, now: $1) }
        guard case .respond(_, let sequence)? = actions.first(where: { if case .respond = $0 { true } else { false } }) else {
            Issue.record("no request handed out")
            return
        }
        let written = machine.following(at: now) {
            $0.replied(.text("ok"), label: ExchangeLabel("/reset-password/{token}", hidesTarget: true), sequence: sequence, now: $1)
        }
        let entries = written.compactMap { action -> ConnectionStateMachine.AccessEntry? in
            if case .answered(let entry) = action { entry } else { nil }
        }
        #expect(entries.count == 1)
        #expect(entries.first?.route == "/reset-password/{token}")
        #expect(entries.first?.hidesPath == true)
    }

    @Test func theServerNamesItselfOnlyAsConfigured() throws {
        var unnamed = HTTPServer.Configuration.testing()
        unnamed.serverName = nil
        try withServer(unnamed) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().header("Server") == nil)
        }
        var named = HTTPServer.Configuration.testing()
        named.serverName = "Elsewhere"
        try withServer(named) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().header("Server") == "Elsewhere")
        }
    }
}

import HTTPCore
@testable import HTTPServer
import Testing
import TestSupport

/// Idle keep-alive connections cannot lock new clients out: at the cap the longest-idle one is
/// closed to make room, and only when every connection is busy is a newcomer refused.
@Suite struct ConnectionCapTests {
    /// Connects, gets one answer, and leaves the connection open and idle.
    static func idleClient(port: Int, _ name: String) throws -> LoopbackClient {
        let client = try LoopbackClient(port: port)
        client.send("GET /\(name) HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.text == "GET /\(name) 0")
        #expect(response.header("Connection") == "keep-alive")
        return client
    }

    @Test func atTheCapTheLongestIdleConnectionMakesRoomForANewClient() throws {
        try withServer(.testing(maxConnections: 4)) { port in
            let held = try (0..<4).map { try Self.idleClient(port: port, "idle\($0)") }

            let newcomer = try LoopbackClient(port: port)
            newcomer.send("GET /new HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try newcomer.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "GET /new 0")

            // The first to go idle was closed; the others still answer.
            #expect(held[0].isClosedByServer())
            for (index, client) in held.enumerated().dropFirst() {
                client.send("GET /again\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().text == "GET /again\(index) 0")
            }
        }
    }

    @Test func aConnectionThatWasUsedAgainIsNoLongerTheOldest() throws {
        try withServer(.testing(maxConnections: 2)) { port in
            let first = try Self.idleClient(port: port, "first")
            let second = try Self.idleClient(port: port, "second")
            // `first` goes idle again after `second`: `second` is now the longest idle.
            first.send("GET /first-again HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readResponse().status == 200)

            let third = try Self.idleClient(port: port, "third")
            #expect(second.isClosedByServer())
            first.send("GET /still-open HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readResponse().text == "GET /still-open 0")
            _ = third
        }
    }

    @Test func aBusyConnectionIsNeverClosedToMakeRoom() throws {
        let held = HeldReplies()
        try withServer(.testing(maxConnections: 2), responder: held) { port in
            let busy = try LoopbackClient(port: port)
            busy.send("GET /busy HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(held.waitForRequests(1))
            let idle = try LoopbackClient(port: port)  // connected, nothing sent: idle too
            let newcomer = try LoopbackClient(port: port)
            newcomer.send("GET /new HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(held.waitForRequests(2))
            #expect(idle.isClosedByServer())
            held.releaseAll()
            #expect(try busy.readResponse().text == "released")
            #expect(try newcomer.readResponse().text == "released")
        }
    }

    @Test func anIdleConnectionOnAnotherLoopMakesRoomToo() throws {
        // With one slot and two loops, a newcomer accepted by the loop without the idle connection
        // has it closed by its sibling; whichever loop accepts, nobody is refused.
        try withServer(.testing(maxConnections: 1, eventLoops: 2)) { port in
            var previous = try Self.idleClient(port: port, "start")
            for round in 0..<8 {
                let next = try Self.idleClient(port: port, "round\(round)")
                #expect(previous.isClosedByServer())
                previous = next
            }
        }
    }
}

extension ConnectionCapTests {
    @Test func theRefusalWearsTheConfiguredErrorPage() throws {
        let held = HeldReplies()
        var configuration = HTTPServer.Configuration.testing(maxConnections: 1)
        configuration.errorPage = { status, reason in
            HTTPResponse(status: status, headers: ["Content-Type": "text/html", "X-Frame-Options": "DENY"],
                         body: Array("<h1>\(status.code)</h1><p>\(reason)</p>".utf8))
        }
        try withServer(configuration, responder: held) { port in
            let busy = try LoopbackClient(port: port)
            busy.send("GET /busy HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(held.waitForRequests(1))
            let refused = try LoopbackClient(port: port)
            let response = try refused.readResponse()
            #expect(response.status == 503)
            #expect(response.header("X-Frame-Options") == "DENY")
            #expect(response.header("Retry-After") == "1")
            #expect(response.header("Connection") == "close")
            #expect(response.text.hasPrefix("<h1>503</h1>"))
            held.releaseAll()
        }
    }
}

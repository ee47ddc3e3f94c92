import Glibc
import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// HTTP/1.x connection semantics over real loopback sockets.
@Suite struct ServerConnectionTests {
    @Test func severalRequestsShareOneKeepAliveConnection() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            for index in 1...3 {
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "GET /\(index) 0")
                #expect(response.header("Connection") == "keep-alive")
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
                #expect(response.header("Server") == "Waypoint")
            }
        }
    }

    @Test func threePipelinedRequestsAreAnsweredInOrderEvenWhenWorkersFinishOutOfOrder() throws {
        let pool = WorkerPool(threads: 3)
        defer { pool.shutdown() }
        // Each reply waits for the one after it to have been sent, so replies arrive in reverse order.
        let sent = ["/2": EventCount(), "/3": EventCount()]
        let responder = ClosureResponder { request, reply in
            let after = request.path == "/1" ? sent["/2"] : request.path == "/2" ? sent["/3"] : nil
            pool.submit {
                if let after { #expect(after.wait(for: 1, timeout: .seconds(5))) }
                reply.send(.text(request.path))
                sent[request.path]?.record()
            }
        }
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\nGET /3 HTTP/1.1\r\nHost: t\r\n\r\n")
            let bodies = try (1...3).map { _ in try client.readResponse().text }
            #expect(bodies == ["/1", "/2", "/3"])
        }
    }

    /// A responder that answers at once must not make the next pipelined request nest inside
    /// its answer: hundreds in one packet would each add frames to the loop thread's stack (a
    /// client could crash the server that way).
    @Test func pipelinedRequestsAnsweredAtOnceAreTakenOneAfterAnotherNotNested() throws {
        let active = Mutex(0)
        let deepest = Mutex(0)
        let responder = ClosureResponder { request, reply in
            let now = active.withLock { $0 += 1; return $0 }
            deepest.withLock { $0 = max($0, now) }
            reply.send(.text(request.path))
            active.withLock { $0 -= 1 }
        }
        let count = 500
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send((1...count).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            let bodies = try (1...count).map { _ in try client.readResponse().text }
            #expect(bodies == (1...count).map { "/\($0)" })
        }
        #expect(deepest.withLock { $0 } == 1, "responders ran nested \(deepest.withLock { $0 }) deep")
    }

    @Test func http10ClosesByDefault() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func http10KeepAliveIsHonoured() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            for _ in 0..<2 {
                client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                #expect(try client.readResponse().header("Connection") == "keep-alive")
            }
        }
    }

    @Test func connectionCloseFromAnHTTP11ClientClosesAfterTheAnswer() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(client.isClosedByServer())
        }
    }

    @Test func headAnswersWithContentLengthAndNoBody() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("HEAD /abc HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse(head: true)
            #expect(response.header("Content-Length") == "11")  // "HEAD /abc 0"
            // The next answer starts right away: no stray body bytes came before it.
            client.send("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "GET /next 0")
        }
    }

    @Test func expectContinueGetsAnInterimAnswerThenTheFinalOne() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            client.send("hello")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "POST /upload 5")
        }
    }

    @Test func aResponderOnAnotherThreadWakesTheLoop() throws {
        let pool = WorkerPool(threads: 1)
        defer { pool.shutdown() }
        let responder = ClosureResponder { request, reply in
            pool.submit { reply.send(.text("from a worker")) }
        }
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "from a worker")
        }
    }

    @Test func twoEventLoopsBothServe() throws {
        try withServer(.testing(eventLoops: 2)) { port in
            let clients = try (0..<8).map { _ in try LoopbackClient(port: port) }
            for client in clients { client.send("GET /x HTTP/1.1\r\nHost: t\r\n\r\n") }
            for client in clients { #expect(try client.readResponse().status == 200) }
        }
    }

    @Test func aLargeResponseArrivesWholeThroughPartialWrites() throws {
        let big = [UInt8](repeating: UInt8(ascii: "z"), count: 8 << 20)
        let responder = ClosureResponder { _, reply in reply.send(HTTPResponse(body: big)) }
        try withServer(responder: responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n")
            for _ in 0..<2 {
                let response = try client.readResponse()
                #expect(response.body.count == big.count)
            }
        }
    }
}

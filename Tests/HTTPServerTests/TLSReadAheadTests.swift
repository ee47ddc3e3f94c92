import Dispatch
import Glibc
import HTTPCore
@testable import HTTPServer
import Testing
import TestSupport

/// The server reads TLS with OpenSSL's read-ahead (a request in one `recv`, not a record header and
/// then its body), so input can sit inside OpenSSL where epoll cannot see it: whatever arrived is
/// answered without the client sending anything more.
@Suite struct TLSReadAheadTests {
    static func requests(_ count: Int) -> [String] {
        (1...count).map { "GET /\($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }
    }

    /// Echoes the target, or (with `delay`) answers from another thread that much later, so a
    /// connection's pipeline stays full for a while.
    static func responder(delay: Int = 0) -> ClosureResponder {
        ClosureResponder { request, reply in
            let text = "GET \(request.target)"
            guard delay > 0 else { return reply.send(.text(text)) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) { reply.send(.text(text)) }
        }
    }

    @Test func requestsInSeveralRecordsOfOneSegmentAreAllAnswered() throws {
        let requests = Self.requests(3)
        try withObservedTLSLoop(responder: Self.responder(), events: TransportEvents(settledAfter: .max)) { port throws in
            let client = try TLSTestClient(port: port)
            // Corked: the three records (one per SSL_write) leave in one segment, so the server's
            // first read-ahead takes them all and OpenSSL hands back the first alone.
            var on: Int32 = 1
            setsockopt(client.tcp.fd, Int32(IPPROTO_TCP), TCP_CORK, &on, socklen_t(MemoryLayout<Int32>.size))
            for request in requests { try client.send(request) }
            var off: Int32 = 0
            setsockopt(client.tcp.fd, Int32(IPPROTO_TCP), TCP_CORK, &off, socklen_t(MemoryLayout<Int32>.size))
            #expect(try requests.indices.map { _ in try client.readResponse().text } == ["GET /1", "GET /2", "GET /3"])
        }
    }

    /// A read buffer of 100 bytes and one record of many requests: the loop's reads fill it before
    /// the record is done, and the rest waits inside OpenSSL. With a pipeline of one and slow
    /// answers, reading stops after the first request and resumes only once it is answered.
    @Test(arguments: [(12, 16, 0), (4, 1, 20)])
    func inputLeftInsideTLSIsReadWithoutMoreArriving(count: Int, pipeline: Int, delay: Int) throws {
        let requests = Self.requests(count)
        let adjust: (inout EventLoop.Settings) -> Void = { settings in
            settings.readBufferSize = 100
            settings.machine.maxPipelinedRequests = pipeline
        }
        try withObservedTLSLoop(
            responder: Self.responder(delay: delay), events: TransportEvents(settledAfter: .max), adjust: adjust
        ) { port throws in
            let client = try TLSTestClient(port: port)
            try client.send(requests.joined())
            #expect(try requests.indices.map { _ in try client.readResponse().text } == (1...count).map { "GET /\($0)" })
        }
    }
}

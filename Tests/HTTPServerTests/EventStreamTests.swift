import Foundation
import HTTPCore
@testable import HTTPServer
import Log
import Synchronization
import Testing
import TestSupport

/// An event stream is a connection the loop holds: events sent from any thread reach the peer,
/// quiet streams get heartbeats, and a stream ends when the peer goes, when the application closes
/// it, or when the server drains, running its close handler once.
@Suite struct EventStreamTests {
    /// Opens a stream for `/events`, answers anything else as text; keeps the streams it opened.
    final class Streams: Sendable {
        let opened = Mutex<[EventStream]>([])
        let closed = EventCount()
        let refused = EventCount()

        var responder: ClosureResponder {
            ClosureResponder { [self] request, reply in
                guard request.path == "/events" else { return reply.send(.text("page")) }
                var head = HTTPResponse(status: .ok)
                head.headers.set("Content-Type", "text/event-stream")
                head.headers.set("Cache-Control", "no-store")
                reply.openStream(head: head) { stream in
                    guard let stream else { return self.refused.record() }
                    stream.onClose { self.closed.record() }
                    self.opened.withLock { $0.append(stream) }
                }
            }
        }

        /// The streams opened so far: one whose head a peer has read is among them, since the
        /// application gets a stream before its head is written.
        var all: [EventStream] { opened.withLock { $0 } }
    }

    @Test func eventsSentFromAnotherThreadReachThePeer() throws {
        let streams = Streams()
        try withServer(responder: streams.responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readUntil("\r\n\r\n")
            #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(head.contains("Content-Type: text/event-stream\r\n"))
            #expect(head.contains("Connection: close\r\n"))
            #expect(!head.contains("Content-Length"))
            let stream = try #require(streams.all.first)
            Thread.detachNewThread { stream.send(ServerSentEvent(id: "7", event: "catalog", data: "one\ntwo")) }
            #expect(try client.readUntil("\n\n") == "id: 7\nevent: catalog\ndata: one\ndata: two\n\n")
            stream.close()
            #expect(client.isClosedByServer())
            #expect(streams.closed.wait(for: 1))
            #expect(!stream.isOpen)
        }
    }

    @Test func thePeerLeavingClosesTheStream() throws {
        let streams = Streams()
        try withServer(responder: streams.responder) { port in
            var client: LoopbackClient? = try LoopbackClient(port: port)
            client?.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client?.readUntil("\r\n\r\n")
            let stream = try #require(streams.all.first)
            client = nil
            #expect(streams.closed.wait(for: 1))
            #expect(!stream.isOpen)
        }
    }

    @Test func aQuietStreamGetsHeartbeats() throws {
        let streams = Streams()
        var configuration = HTTPServer.Configuration.testing()
        configuration.streamHeartbeat = .milliseconds(50)
        try withServer(configuration, responder: streams.responder) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.readUntil("\r\n\r\n")
            #expect(try client.readUntil(":\n\n") == ":\n\n")
        }
    }

    @Test func beyondTheStreamBudgetPagesStillAnswer() throws {
        let streams = Streams()
        var configuration = HTTPServer.Configuration.testing(maxConnections: 4)
        configuration.maxStreams = 2
        try withServer(configuration, responder: streams.responder) { port in
            let first = try LoopbackClient(port: port)
            let second = try LoopbackClient(port: port)
            for client in [first, second] {
                client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
                _ = try client.readUntil("\r\n\r\n")
            }
            let third = try LoopbackClient(port: port)
            third.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") != nil)
            #expect(streams.refused.wait(for: 1))
            let page = try LoopbackClient(port: port)
            page.send("GET /page HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try page.readResponse().text == "page")
        }
    }

    @Test func theDrainEndsEveryStream() throws {
        let streams = Streams()
        let server = HTTPServer(configuration: .testing(), responder: streams.responder, logger: Logger(level: .error))
        let port = try server.start()
        let client = try LoopbackClient(port: port)
        client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try client.readUntil("\r\n\r\n")
        #expect(streams.all.count == 1)
        server.shutdown()
        #expect(client.isClosedByServer())
        #expect(streams.closed.wait(for: 1))
        server.waitUntilStopped()
    }

    @Test func anEventIsFramedLineByLine() {
        let event = ServerSentEvent(id: "a\nb", event: "x\r", data: "1\n\n2")
        #expect(String(decoding: event.encoded, as: UTF8.self) == "id: ab\nevent: x\ndata: 1\ndata: \ndata: 2\n\n")
    }
}

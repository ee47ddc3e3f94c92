import COpenSSL
import Dispatch
import Glibc
import HTTPCore
@testable import HTTPServer
import Networking
import Log
import Testing
import TestSupport

/// HTTPS end to end on 127.0.0.1: handshakes, keep-alive, bodies both ways, ALPN, protocol versions,
/// and peers that are not (or not yet) speaking TLS.
@Suite struct TLSServerTests {
    /// `/big` answers `bigBody`, `/record` answers `recordBody`, `/slow` answers 100 ms later from another thread; everything else echoes method, target, body size and security.
    struct Responder: HTTPResponder {
        func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
            if request.path == "/big" {
                reply.send(HTTPResponse(body: TLSServerTests.bigBody))
                return
            }
            if request.path == "/record" {
                reply.send(HTTPResponse(body: TLSServerTests.recordBody))
                return
            }
            if request.path == "/slow" {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { reply.send(.text("slow")) }
                return
            }
            let sum = request.body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
            reply.send(.text("\(request.method.rawValue) \(request.target) \(request.body.count) sum=\(sum) secure=\(connection.isSecure)"))
        }
    }

    static func pattern(_ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 10) } }

    /// Several megabytes: far more than a loopback socket buffers, so writes must wait and resume.
    /// A block of prime length repeated, so any lost, repeated or swapped stretch shows.
    static let bigBody: [UInt8] = {
        let block = pattern(65_521)
        var body: [UInt8] = []
        body.reserveCapacity(80 * block.count)
        for _ in 0..<80 { body.append(contentsOf: block) }
        return body
    }()

    /// Large enough to be written from its own array behind the head, small enough for one record with it.
    static let recordBody = pattern(12_000)

    func withTLSServer<T>(handshakeTimeout: Duration = .seconds(2), _ body: (Int) throws -> T) throws -> T {
        let certificate = try TestCertificate()
        var configuration = HTTPServer.Configuration.testing()
        configuration.tls = TLSConfiguration(
            certificatePath: certificate.certificatePath, privateKeyPath: certificate.keyPath,
            handshakeTimeout: handshakeTimeout)
        return try withServer(configuration, responder: Responder(), body)
    }

    @Test func aPageIsServedOverHTTPSAndMarkedSecure() throws {
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "GET /hello 0 sum=0 secure=true")
        }
    }

    @Test func twoRequestsShareOneTLSConnection() throws {
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /one HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let first = try client.readResponse()
            try client.send("GET /two HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let second = try client.readResponse()
            #expect(first.text.hasPrefix("GET /one "))
            #expect(second.text.hasPrefix("GET /two "))
            #expect(second.header("Connection") == "keep-alive")
        }
    }

    @Test func pipelinedRequestsInOneRecordAreAnsweredInOrder() throws {
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send((1...3).map { "GET /\($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
            #expect(try (1...3).map { _ in try client.readResponse().text } == (1...3).map { "GET /\($0) 0 sum=0 secure=true" })
        }
    }

    @Test(arguments: [11, 300_000])
    func aPostBodyArrivesIntact(size: Int) throws {
        let body = Self.pattern(size)
        let sum = body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("POST /form HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(size)\r\n\r\n")
            try client.send(body)
            #expect(try client.readResponse().text == "POST /form \(size) sum=\(sum) secure=true")
        }
    }

    @Test func aLargeResponseArrivesWholeToAReaderThatStartsLate() throws {
        let expected = Self.bigBody
        let events = TransportEvents(settledAfter: expected.count)
        try withObservedTLSLoop(responder: Responder(), events: events) { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // The client reads only once the server has pushed all the socket would take: a write
            // that had to wait (then resumes as the client reads), or the whole body.
            #expect(events.settled.wait(for: 1, timeout: .seconds(10)))
            let response = try client.readResponse()
            #expect(response.body.count == expected.count)
            #expect(response.body == expected)
            try client.send("GET /after HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().text.hasPrefix("GET /after "))
        }
    }

    @Test func aClientThatStopsSendingStillGetsItsAnswer() throws {
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // End of input without close_notify, while the answer is still being prepared.
            shutdown(client.tcp.fd, Int32(SHUT_WR))
            #expect(try client.readResponse().text == "slow")
            #expect(client.ending() != .stillOpen)
        }
    }

    @Test func aClientVanishingMidResponseLeavesTheServerServing() throws {
        let events = TransportEvents(settledAfter: .max)
        try withObservedTLSLoop(responder: Responder(), events: events) { port throws in
            let _ = Self.bigBody
            do {
                let client = try TLSTestClient(port: port)
                try client.send("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n")
                // Gone once the answer has started to arrive (a bounded wait), so it vanishes mid-response.
                var arriving = pollfd(fd: client.tcp.fd, events: Int16(POLLIN), revents: 0)
                #expect(poll(&arriving, 1, 5_000) == 1)
                // Closing with a zero linger resets the connection: the server's next writes fail.
                var abort = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client.tcp.fd, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
            }
            // The server has met the reset and closed that connection before the next client comes.
            #expect(events.closed.wait(for: 1, timeout: .seconds(10)))
            let other = try TLSTestClient(port: port)
            try other.send("GET /next HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try other.readResponse().text.hasPrefix("GET /next "))
        }
    }

    @Test func aReplyOfLessThanARecordLeavesInOneRecordWithItsHead() throws {
        try withTLSServer { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /record HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let record = try client.readRecord()
            #expect(record.starts(with: Array("HTTP/1.1 200 OK\r\n".utf8)))
            #expect(record.count > Self.recordBody.count)
            #expect(Array(record.suffix(Self.recordBody.count)) == Self.recordBody)
        }
    }

    @Test func aReplyQueuedBehindALargeOneArrivesWholeToAReaderThatStartsLate() throws {
        let events = TransportEvents(settledAfter: Self.bigBody.count)
        try withObservedTLSLoop(responder: Responder(), events: events) { port throws in
            let client = try TLSTestClient(port: port)
            try client.send("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\nGET /record HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(events.settled.wait(for: 1, timeout: .seconds(10)))
            #expect(try client.readResponse().body == Self.bigBody)
            #expect(try client.readResponse().body == Self.recordBody)
        }
    }

    /// OpenSSL's clients list AES-256-GCM first; the server's order picks AES-128-GCM, except for a
    /// client that puts ChaCha20 first. A client offering only one suite the server has gets it.
    @Test(arguments: [
        (TLS1_3_VERSION, "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256", "TLS_AES_128_GCM_SHA256"),
        (TLS1_3_VERSION, "TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384:TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"),
        (TLS1_3_VERSION, "TLS_AES_256_GCM_SHA384", "TLS_AES_256_GCM_SHA384"),
        (TLS1_2_VERSION, "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256"),
    ])
    func theSuiteIsTheServersChoice(version: Int32, offered: String, chosen: String) throws {
        var options = TLSTestClient.Options()
        options.maximumVersion = version
        if version == TLS1_3_VERSION { options.suites = offered } else { options.ciphers = offered }
        try withTLSServer { port throws in
            #expect(try TLSTestClient(port: port, options: options).cipher == chosen)
        }
    }

    @Test(arguments: [["h2", "http/1.1"], ["http/1.1"], []])
    func alpnSettlesOnHTTP11(offered: [String]) throws {
        try withTLSServer { port throws in
            var options = TLSTestClient.Options()
            options.alpn = offered
            let client = try TLSTestClient(port: port, options: options)
            #expect(client.negotiatedProtocol == (offered.isEmpty ? nil : "http/1.1"))
            try client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func aClientOfferingOnlyOtherProtocolsIsRefused() throws {
        try withTLSServer { port throws in
            var options = TLSTestClient.Options()
            options.alpn = ["h2"]
            #expect { _ = try TLSTestClient(port: port, options: options) } throws: { error in
                guard case TLSTestClient.Failure.handshake(let detail) = error else { return false }
                return detail.contains("no application protocol")
            }
        }
    }

    @Test(arguments: [TLS1_2_VERSION, TLS1_3_VERSION])
    func modernVersionsAreAccepted(version: Int32) throws {
        try withTLSServer { port throws in
            var options = TLSTestClient.Options()
            options.minimumVersion = version
            options.maximumVersion = version
            let client = try TLSTestClient(port: port, options: options)
            #expect(client.version == version)
            try client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func tls11IsRefusedByTheServer() throws {
        try withTLSServer { port throws in
            var options = TLSTestClient.Options()
            options.minimumVersion = TLS1_1_VERSION
            options.maximumVersion = TLS1_1_VERSION
            // Security level 0 lets this client offer TLS 1.1 at all, so the refusal is the server's.
            options.ciphers = "DEFAULT:@SECLEVEL=0"
            #expect { _ = try TLSTestClient(port: port, options: options) } throws: { error in
                guard case TLSTestClient.Failure.handshake(let detail) = error else { return false }
                return detail.contains("alert protocol version")
            }
            #expect(try TLSTestClient(port: port).version == TLS1_3_VERSION)
        }
    }

    @Test func plainHTTPOnTheTLSPortIsToldToUseHTTPSAndTheServerKeepsServing() throws {
        try withTLSServer { port throws in
            let secure = try TLSTestClient(port: port)
            let plain = try LoopbackClient(port: port)
            plain.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try plain.readResponse()
            #expect(response.status == 400)
            #expect(response.text.contains("HTTPS"))
            #expect(plain.isClosedByServer())

            let garbage = try LoopbackClient(port: port)
            garbage.send(Array(repeating: 0x16, count: 5) + Array(repeating: 0xFF, count: 64))
            #expect(garbage.isClosedByServer())

            try secure.send("GET /still HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try secure.readResponse().text.hasPrefix("GET /still "))
        }
    }

    /// What a client sends before it stalls in the handshake.
    static let stalls: [(String, [UInt8])] = [
        ("nothing", []),
        // A handshake record header promising 512 bytes, then only a few of them.
        ("a partial ClientHello", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]),
    ]

    @Test(arguments: stalls)
    func aClientStallingInTheHandshakeIsLetGoWithoutDelayingOthers(name: String, prefix: [UInt8]) throws {
        try withTLSServer(handshakeTimeout: .milliseconds(1500)) { port throws in
            let staller = try LoopbackClient(port: port, timeoutMilliseconds: 10_000)
            staller.send(prefix)
            let start = MonotonicClock.now()
            let other = try TLSTestClient(port: port)
            try other.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try other.readResponse().status == 200)
            // Served while the staller is still held: nothing waited for its handshake timeout.
            #expect(staller.isOpen(), "served only after the staller was let go")

            #expect(staller.isClosedByServer())
            let elapsed = (MonotonicClock.now() - start) / 1_000_000
            #expect(elapsed >= 1400 && elapsed < 8000)
            // The established connection is not subject to the handshake timeout.
            try other.send("GET /later HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try other.readResponse().text.hasPrefix("GET /later "))
        }
    }

    @Test func shutdownEndsIdleTLSConnectionsWithCloseNotify() throws {
        let certificate = try TestCertificate()
        var configuration = HTTPServer.Configuration.testing()
        configuration.tls = TLSConfiguration(certificatePath: certificate.certificatePath, privateKeyPath: certificate.keyPath)
        let server = HTTPServer(configuration: configuration, responder: Responder(), logger: Logger(level: .error))
        let port = try server.start()
        let client = try TLSTestClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        server.shutdown()
        #expect(client.ending() == .closeNotify)
        server.waitUntilStopped()
    }

    @Test func curlFetchesAPageOverHTTPS() throws {
        try withTLSServer { port throws in
            let output = TemporaryDirectory()
            let status = system("curl -sk --http1.1 --max-time 5 -o '\(output.path)/body' https://127.0.0.1:\(port)/curl")
            #expect(status == 0)
            let file = fopen(output.path + "/body", "rb")
            defer { if let file { fclose(file) } }
            var line = [CChar](repeating: 0, count: 256)
            let text = file.flatMap { fgets(&line, Int32(line.count), $0) }.map { String(cString: $0) }
            #expect(text == "GET /curl 0 sum=0 secure=true")
        }
    }
}

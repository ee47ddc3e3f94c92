import Glibc
import HTTPCore
@testable import HTTPServer
import Networking
import Testing
import TestSupport

/// Timeouts and the connection cap: idle and slow clients cost little and are let go.
@Suite struct ServerTimeoutTests {
    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        try withServer(.testing(idleTimeout: .milliseconds(150))) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.readResponse()
            let start = MonotonicClock.now()
            #expect(client.isClosedByServer())
            let elapsed = (MonotonicClock.now() - start) / 1_000_000
            // Not before the timeout; the upper bound only says "it did close", with room for a busy machine.
            #expect(elapsed >= 100 && elapsed < 5000)
        }
    }

    @Test func aSlowlorisTricklingHeadersIsTimedOut() throws {
        try withServer(.testing(headerReadTimeout: .milliseconds(200))) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let start = MonotonicClock.now()
            var timedOut = false
            for index in 0..<20 {
                // The stall between trickled lines is what is tested; it is a read that ends as soon
                // as the server reacts, not a fixed sleep.
                do {
                    if let response = try client.readResponseIfAvailable(withinMilliseconds: 50) {
                        #expect(response.status == 408)
                        timedOut = true
                        break
                    }
                } catch {
                    // A reset can overtake the 408; what matters is that it came from the timeout.
                    timedOut = (MonotonicClock.now() - start) >= 150_000_000
                    break
                }
                client.send("X-Trickle-\(index): 1\r\n")
            }
            #expect(timedOut)
            #expect(client.isClosedByServer())
        }
    }

    @Test func aSlowBodyIsTimedOut() throws {
        try withServer(.testing(bodyReadTimeout: .milliseconds(150))) { port in
            let client = try LoopbackClient(port: port)
            client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nonly a little")
            #expect(try client.readResponse().status == 408)
            #expect(client.isClosedByServer())
        }
    }

    @Test func aThousandIdleClientsDoNotDelayANormalOne() throws {
        #expect(OpenFileLimit.raise() >= 2100)
        // Timeouts far beyond the client's read timeout: a loop that waited on an idle client would
        // answer only after one of them, so the normal request would time out instead of being served.
        let long = Duration.seconds(60)
        try withServer(.testing(headerReadTimeout: long, idleTimeout: long, eventLoops: 2)) { port in
            var idle: [LoopbackClient] = []
            for index in 0..<1000 {
                let client = try LoopbackClient(port: port)
                // Half sit silent, half have sent part of a head.
                if index % 2 == 0 { client.send("GET /slow HTTP/1.1\r\nHost: t\r\nX-Partial: ") }
                idle.append(client)
            }
            let client = try LoopbackClient(port: port, timeoutMilliseconds: 10_000)
            client.send("GET /normal HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.text == "GET /normal 0")
            #expect(idle.allSatisfy { $0.isOpen() }, "answered only after idle clients were let go")
        }
    }

    @Test func connectionsBeyondTheCapAreTurnedAwayWith503WhenNoneIsIdle() throws {
        // Both held connections have a request in flight, so neither may be closed to make room.
        let held = HeldReplies()
        try withServer(.testing(maxConnections: 2), responder: held) { port in
            let first = try LoopbackClient(port: port)
            let second = try LoopbackClient(port: port)
            first.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            second.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(held.waitForRequests(2))
            let third = try LoopbackClient(port: port)
            let refused = try third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(third.isClosedByServer())
            held.releaseAll()
            #expect(try first.readResponse().status == 200)
            #expect(try second.readResponse().status == 200)
        }
    }
}

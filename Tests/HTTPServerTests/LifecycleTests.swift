import Glibc
import HTTPCore
@testable import HTTPServer
import Networking
import Log
import Synchronization
import Testing
import TestSupport

/// Start, shutdown and the worker pool.
@Suite struct LifecycleTests {
    @Test func shutdownFinishesASlowReplyInFlightThenStops() throws {
        let pool = WorkerPool(threads: 1)
        defer { pool.shutdown() }
        let started = EventCount()
        let released = EventCount()
        let responder = ClosureResponder { _, reply in
            started.record()
            pool.submit {
                // Slow until the test has asked for shutdown, so the reply is surely in flight then.
                _ = released.wait(for: 1, timeout: .seconds(10))
                reply.send(.text("finished"))
            }
        }
        let flushed = Atomic<Int>(0)
        let server = HTTPServer(
            configuration: .testing(), responder: responder, logger: Logger(level: .error),
            onShutdown: { flushed.add(1, ordering: .sequentiallyConsistent) })
        let port = try server.start()
        let client = try LoopbackClient(port: port)
        let idle = try LoopbackClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(started.wait(for: 1))
        server.shutdown()
        server.shutdown()  // idempotent
        released.record()
        let response = try client.readResponse()
        #expect(response.text == "finished")
        #expect(response.header("Connection") == "close")
        #expect(client.isClosedByServer())
        #expect(idle.isClosedByServer())
        #expect(flushed.load(ordering: .sequentiallyConsistent) == 0)
        server.waitUntilStopped()
        #expect(flushed.load(ordering: .sequentiallyConsistent) == 1)
        server.waitUntilStopped()
        #expect(flushed.load(ordering: .sequentiallyConsistent) == 1)
        #expect(throws: (any Error).self) { try LoopbackClient(port: port) }
    }

    @Test func shutdownGivesUpAfterTheGracePeriod() throws {
        let arrived = EventCount()
        let responder = ClosureResponder { _, _ in arrived.record() }  // never answers
        var configuration = HTTPServer.Configuration.testing()
        configuration.shutdownGracePeriod = .milliseconds(100)
        let server = HTTPServer(configuration: configuration, responder: responder, logger: Logger(level: .error))
        let port = try server.start()
        let client = try LoopbackClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(arrived.wait(for: 1))
        let start = MonotonicClock.now()
        server.shutdown()
        server.waitUntilStopped()
        #expect(MonotonicClock.now() - start < 1_000_000_000)
        #expect(client.isClosedByServer())
    }

    @Test func startingTwiceIsAnError() throws {
        let server = HTTPServer(configuration: .testing(), responder: echoResponder, logger: Logger(level: .error))
        _ = try server.start()
        #expect(throws: HTTPServer.Error.self) { _ = try server.start() }
        server.shutdown()
        server.waitUntilStopped()
    }

    @Test func aPortInUseIsAClearError() throws {
        // A plain listener without SO_REUSEPORT owns the port, so the server cannot share it.
        let plain = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(plain) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(plain, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(plain, 1)
        var configuration = HTTPServer.Configuration.testing()
        configuration.port = Socket.boundPort(plain)
        let server = HTTPServer(configuration: configuration, responder: echoResponder, logger: Logger(level: .error))
        #expect(throws: SystemError.self) { _ = try server.start() }
    }

    @Test func aSecondServerCannotShareTheFirstOnesPort() throws {
        try withServer { port in
            var configuration = HTTPServer.Configuration.testing()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, responder: echoResponder, logger: Logger(level: .error))
            #expect(throws: SystemError.self) { _ = try second.start() }
        }
    }

    @Test func theWorkerPoolRunsEveryJobBeforeShuttingDown() {
        let pool = WorkerPool(threads: 3)
        let done = Atomic<Int>(0)
        for _ in 0..<200 { pool.submit { done.add(1, ordering: .relaxed) } }
        pool.shutdown()
        #expect(done.load(ordering: .relaxed) == 200)
        pool.submit { done.add(1, ordering: .relaxed) }  // after shutdown: runs inline
        #expect(done.load(ordering: .relaxed) == 201)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.secondsSince1970(parsing: "Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.secondsSince1970(parsing: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.secondsSince1970(parsing: HTTPDate.string(secondsSince1970: 1_700_000_000)) == 1_700_000_000)
    }
}

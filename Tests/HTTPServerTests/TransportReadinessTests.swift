import Glibc
import HTTPCore
@testable import HTTPServer
import Log
import Synchronization
import Testing
import TestSupport

/// The event loop waits for whatever readiness a transport names, even the opposite of the call's
/// own direction, which is what a TLS handshake or a TLS write that must first read needs.
@Suite struct TransportReadinessTests {
    /// A plain socket whose first read, or first write, claims to wait for the other direction.
    final class CrossingTransport: ConnectionTransport {
        let plain: PlainTransport
        var readsToDefer: Int
        var writesToDefer: Int
        let deferredWrites: DeferralCounter

        init(fd: Int32, readsToDefer: Int, writesToDefer: Int, deferredWrites: DeferralCounter) {
            plain = PlainTransport(fd: fd)
            self.readsToDefer = readsToDefer
            self.writesToDefer = writesToDefer
            self.deferredWrites = deferredWrites
        }

        var isEstablished: Bool { true }
        var holdsInput: Bool { false }

        func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
            guard readsToDefer == 0 else {
                readsToDefer -= 1
                return .wouldBlock(until: .writable)
            }
            return plain.read(into: buffer)
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
            guard writesToDefer == 0 else {
                writesToDefer -= 1
                deferredWrites.count.record()
                return .wouldBlock(until: .readable)
            }
            return plain.write(bytes)
        }

        func close() { plain.close() }
    }

    /// Lets a test wait until the loop has really tried (and deferred) a write, whatever the load.
    final class DeferralCounter: Sendable {
        let count = EventCount()

        func waitForFirst(timeout: Duration = .seconds(10)) -> Bool { count.wait(for: 1, timeout: timeout) }
    }

    struct LoopFailure: Error {}

    /// One event loop on its own thread with the given transport, stopped when `body` returns.
    func withLoop<T>(
        readsToDefer: Int = 0, writesToDefer: Int = 0, deferredWrites: DeferralCounter = DeferralCounter(),
        _ body: (Int) throws -> T
    ) throws -> T {
        var settings = EventLoop.Settings(
            machine: HTTPServer.Configuration.testing().machineConfiguration, shutdownGracePeriod: 1_000_000_000)
        settings.makeTransport = {
            CrossingTransport(
                fd: $0, readsToDefer: readsToDefer, writesToDefer: writesToDefer, deferredWrites: deferredWrites)
        }
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = Socket.boundPort(listener)
        let loop = try EventLoop(
            listenerFD: listener, settings: settings, responder: echoResponder, logger: Logger(level: .error),
            limiter: ConnectionLimiter(maximum: 16))
        guard let thread = PosixThread.start({ loop.run() }) else { throw LoopFailure() }
        defer {
            loop.requestShutdown()
            PosixThread.join(thread)
        }
        return try body(port)
    }

    @Test func aReadWaitingForWritabilityResumesWhenTheSocketIsWritable() throws {
        try withLoop(readsToDefer: 1) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /crossed HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "GET /crossed 0")
        }
    }

    @Test func aWriteWaitingForReadabilityResumesOnlyWhenTheSocketIsReadable() throws {
        let deferredWrites = DeferralCounter()
        try withLoop(writesToDefer: 1, deferredWrites: deferredWrites) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            // Only once the first answer's write was tried and deferred does the second request come,
            // so a slow loop cannot read both in one go and leave nothing to wake the write.
            #expect(deferredWrites.waitForFirst())
            // Writable all along, but the transport asked for readability: nothing may go out yet,
            // however long (here 30 ms, a bounded read) the client waits for it.
            #expect(try client.readResponseIfAvailable(withinMilliseconds: 30) == nil)
            client.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "GET /first 0")
            #expect(try client.readResponse().text == "GET /second 0")
        }
    }
}

import Glibc
@testable import HTTPServer
import Log
import Synchronization
import TestSupport

/// What a TLS connection's transport did, for tests that must wait on the server's side of a
/// socket instead of sleeping: writes that blocked or finished a body, and closes.
final class TransportEvents: Sendable {
    /// A write that would block, or writes adding up to `settledAfter` bytes: the server has
    /// pushed all the socket would take.
    let settled = EventCount()
    let closed = EventCount()
    let settledAfter: Int
    private let written = Mutex(0)

    init(settledAfter: Int) {
        self.settledAfter = settledAfter
    }

    func wrote(_ result: TransportResult) {
        switch result {
        case .wouldBlock:
            settled.record()
        case .bytes(let count):
            let total = written.withLock { total -> Int in
                total += count
                return total
            }
            if total >= settledAfter && total - count < settledAfter { settled.record() }
        case .failed:
            break
        }
    }
}

/// A TLS transport that reports to `TransportEvents`.
final class ObservedTransport: ConnectionTransport {
    let inner: TLSTransport
    let events: TransportEvents

    init(_ inner: TLSTransport, events: TransportEvents) {
        self.inner = inner
        self.events = events
    }

    var isEstablished: Bool { inner.isEstablished }
    var holdsInput: Bool { inner.holdsInput }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult { inner.read(into: buffer) }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        let result = inner.write(bytes)
        events.wrote(result)
        return result
    }

    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransportResult {
        let result = inner.write(first, second)
        events.wrote(result)
        return result
    }

    func close() {
        inner.close()
        events.closed.record()
    }
}

/// One HTTPS event loop on its own thread whose connections report to `events`, stopped when
/// `body` returns; `adjust` changes its settings (scaled-down buffers and limits).
func withObservedTLSLoop<T>(
    responder: any HTTPResponder, events: TransportEvents, adjust: (inout EventLoop.Settings) -> Void = { _ in },
    _ body: (Int) throws -> T
) throws -> T {
    let certificate = try TestCertificate()
    let context = try TLSContext(configuration: TLSConfiguration(
        certificatePath: certificate.certificatePath, privateKeyPath: certificate.keyPath, handshakeTimeout: .seconds(2)))
    var settings = EventLoop.Settings(
        machine: HTTPServer.Configuration.testing().machineConfiguration, shutdownGracePeriod: 1_000_000_000)
    settings.isSecure = true
    settings.handshakeTimeout = context.handshakeTimeout
    settings.makeTransport = { fd in TLSTransport(fd: fd, context: context).map { ObservedTransport($0, events: events) } }
    adjust(&settings)
    let listener = try Socket.listen(host: "127.0.0.1", port: 0)
    let port = Socket.boundPort(listener)
    let loop = try EventLoop(
        listenerFD: listener, settings: settings, responder: responder, logger: Logger(level: .error),
        limiter: ConnectionLimiter(maximum: 16))
    guard let thread = PosixThread.start({ loop.run() }) else { throw TransportReadinessTests.LoopFailure() }
    defer {
        loop.requestShutdown()
        PosixThread.join(thread)
    }
    return try body(port)
}

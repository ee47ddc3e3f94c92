import Glibc
import Networking

/// How a connection moves bytes (a plain socket, or TLS over it) without the connection logic changing.
protocol ConnectionTransport: AnyObject {
    /// Reads into `buffer`; `.bytes(0)` means the peer closed.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    /// False while a handshake is under way: the handshake timeout applies until it turns true.
    var isEstablished: Bool { get }
    func close()
}

enum TransportResult {
    case bytes(Int)
    /// Nothing moves until the socket is ready again. Usually in the call's own direction, but TLS
    /// may have to write while reading (a handshake flight) or read while writing.
    case wouldBlock(until: SocketReadiness)
    case failed(Int32)
}

enum SocketReadiness {
    case readable
    case writable
}

/// A non-blocking TCP socket used as is (`PlainSocket`, shared with the Redis client).
final class PlainTransport: ConnectionTransport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    var isEstablished: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        TransportResult(PlainSocket.receive(fd, into: buffer), reading: true)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        TransportResult(PlainSocket.send(fd, bytes), reading: false)
    }

    func close() { _ = Glibc.close(fd) }
}

extension TransportResult {
    /// A socket call's outcome as the connection reads it: the peer's end is a read of 0 bytes,
    /// and a broken pipe when writing; a TLS failure is a protocol error.
    @inline(__always)
    init(_ io: SocketIO, reading: Bool) {
        switch io {
        case .bytes(let count): self = .bytes(count)
        case .wouldBlock(let untilReadable): self = .wouldBlock(until: untilReadable ? .readable : .writable)
        case .closed: self = reading ? .bytes(0) : .failed(EPIPE)
        case .systemError(let code): self = .failed(code)
        case .protocolError: self = .failed(EPROTO)
        }
    }
}

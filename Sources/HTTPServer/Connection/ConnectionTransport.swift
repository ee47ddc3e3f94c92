import Glibc

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

/// A non-blocking TCP socket used as is.
final class PlainTransport: ConnectionTransport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    var isEstablished: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(until: .readable)
            default: return .failed(errno)
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        while true {
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(until: .writable)
            default: return .failed(errno)
            }
        }
    }

    func close() { _ = Glibc.close(fd) }
}

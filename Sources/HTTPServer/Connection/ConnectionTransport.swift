import Glibc

/// How a connection moves bytes: plain sockets now, TLS later, without the connection logic changing.
protocol ConnectionTransport: AnyObject {
    /// Reads into `buffer`; `.bytes(0)` means the peer closed.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    func close()
}

enum TransportResult {
    case bytes(Int)
    case wouldBlock
    case failed(Int32)
}

/// A non-blocking TCP socket used as is.
final class PlainTransport: ConnectionTransport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
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
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    func close() { _ = Glibc.close(fd) }
}

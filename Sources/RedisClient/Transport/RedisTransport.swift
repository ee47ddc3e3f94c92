import Glibc

/// How a connection moves bytes: a plain socket, or TLS over it. Neither call ever waits; the
/// connection polls when both directions would block.
protocol RedisTransport: AnyObject {
    var fd: Int32 { get }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportIO
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportIO
    func close()
}

enum TransportIO {
    case bytes(Int)
    /// Nothing moves until the socket is readable (or, when false, writable) again. TLS may need
    /// to write while reading and the other way round.
    case wouldBlock(untilReadable: Bool)
    case closed
    case failed(RedisError)
}

/// A non-blocking TCP socket used as is; sends never raise SIGPIPE.
final class PlainTransport: RedisTransport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportIO {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(untilReadable: true)
            case ECONNRESET: return .closed
            case let code: return .failed(.io(call: "recv", code: code))
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportIO {
        while true {
            let count = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(untilReadable: false)
            case EPIPE, ECONNRESET: return .closed
            case let code: return .failed(.io(call: "send", code: code))
            }
        }
    }

    func close() { _ = Glibc.close(fd) }
}

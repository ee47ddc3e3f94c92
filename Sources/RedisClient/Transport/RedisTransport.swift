import Glibc
import Networking

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

/// A non-blocking TCP socket used as is (`PlainSocket`, shared with the server); sends never
/// raise SIGPIPE.
final class PlainTransport: RedisTransport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportIO {
        TransportIO(PlainSocket.receive(fd, into: buffer), call: "recv")
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportIO {
        TransportIO(PlainSocket.send(fd, bytes), call: "send")
    }

    func close() { _ = Glibc.close(fd) }
}

extension TransportIO {
    /// A socket call's outcome as the connection reads it: a reset or broken pipe is Redis going
    /// away, as a clean end is; `call` names the call in other failures.
    init(_ io: SocketIO, call: String) {
        switch io {
        case .bytes(let count): self = .bytes(count)
        case .wouldBlock(let untilReadable): self = .wouldBlock(untilReadable: untilReadable)
        case .closed, .systemError(EPIPE), .systemError(ECONNRESET): self = .closed
        case .systemError(let code): self = .failed(.io(call: call, code: code))
        case .protocolError(let failure): self = .failed(.tls(failure.detail))
        }
    }
}

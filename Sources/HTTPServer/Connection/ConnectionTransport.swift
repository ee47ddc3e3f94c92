import Glibc
import Networking

/// How a connection moves bytes (a plain socket, or TLS over it) without the connection logic changing.
protocol ConnectionTransport: AnyObject {
    /// Reads into `buffer`; `.bytes(0)` means the peer closed.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    /// Writes `first` then `second` as one stream, in one call where the transport can (a body
    /// sent from its own array after its head); `.bytes` counts from the start of `first`.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransportResult
    /// False while a handshake is under way: the handshake timeout applies until it turns true.
    var isEstablished: Bool { get }
    /// True when the last read left input inside the transport (TLS read-ahead) that the next read
    /// takes without the socket becoming readable: the loop reads it without waiting on epoll.
    var holdsInput: Bool { get }
    func close()
}

extension ConnectionTransport {
    /// One buffer after the other (TLS makes records from each in turn): a short write of the
    /// first stops there, and a second that cannot move now reports what the first moved.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransportResult {
        guard !first.isEmpty else { return write(second) }
        let head = write(first)
        guard case .bytes(let count) = head, count == first.count, !second.isEmpty else { return head }
        if case .bytes(let more) = write(second) { return .bytes(count + more) }
        return .bytes(count)
    }
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
    var holdsInput: Bool { false }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        TransportResult(PlainSocket.receive(fd, into: buffer), reading: true)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        TransportResult(PlainSocket.send(fd, bytes), reading: false)
    }

    /// Both buffers in one `sendmsg` (MSG_NOSIGNAL: a gone peer is EPIPE, not a signal).
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransportResult {
        guard !first.isEmpty else { return write(second) }
        guard !second.isEmpty else { return write(first) }
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        return withUnsafeMutableBytes(of: &vectors) { raw in
            var message = msghdr()
            message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = 2
            while true {
                let count = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                if count >= 0 { return .bytes(count) }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return .wouldBlock(until: .writable)
                case EPIPE, ECONNRESET: return .failed(EPIPE)
                case let code: return .failed(code)
                }
            }
        }
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

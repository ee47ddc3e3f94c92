import Glibc

/// Reads and writes on a non-blocking socket as is, for the server's connections and the Redis
/// client's alike: interrupted calls retried, sends never raising SIGPIPE. Inlinable: every
/// request reads and writes through here.
public enum PlainSocket {
    @inlinable
    public static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> SocketIO {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(untilReadable: true)
            case let code: return .systemError(code)
            }
        }
    }

    @inlinable
    public static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SocketIO {
        while true {
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(untilReadable: false)
            case let code: return .systemError(code)
            }
        }
    }
}

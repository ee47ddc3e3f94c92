import COpenSSL
import CSystem
import Glibc

/// OpenSSL's I/O over a non-blocking socket, sending with MSG_NOSIGNAL. OpenSSL's own socket BIO
/// writes with write(2), which raises SIGPIPE when the peer has gone; neither the server nor the
/// Redis client may depend on the process ignoring that signal. One for both (`TLSSession`).
public final class SocketBIO: @unchecked Sendable {
    /// One per process: OpenSSL hands out few BIO type numbers. Built on first use, never changed.
    public static let shared = SocketBIO()

    /// The BIO_METHOD, immutable once built and shared by every connection.
    private let method: OpaquePointer

    init?() {
        let index = BIO_get_new_index()
        guard index > 0, let method = BIO_meth_new(index | BIO_TYPE_SOURCE_SINK, "non-blocking socket, MSG_NOSIGNAL") else { return nil }
        BIO_meth_set_read_ex(method) { SocketBIO.receive($0, $1, $2, $3) }
        BIO_meth_set_write_ex(method) { SocketBIO.send($0, $1, $2, $3) }
        BIO_meth_set_ctrl(method) { bio, command, _, _ in SocketBIO.control(bio, command) }
        self.method = method
    }

    deinit { BIO_meth_free(method) }

    /// A BIO over `fd`; the caller keeps owning the descriptor.
    public func make(fd: Int32) -> OpaquePointer? {
        guard fd >= 0, let bio = BIO_new(method) else { return nil }
        // The descriptor rides in the data pointer, offset by one so that descriptor 0 is not null.
        BIO_set_data(bio, UnsafeMutableRawPointer(bitPattern: Int(fd) + 1))
        BIO_set_init(bio, 1)
        return bio
    }

    private static func descriptor(_ bio: OpaquePointer?) -> Int32 {
        Int32(truncatingIfNeeded: Int(bitPattern: BIO_get_data(bio)) - 1)
    }

    private static func receive(_ bio: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int,
                                _ readBytes: UnsafeMutablePointer<Int>?) -> Int32 {
        wp_BIO_clear_retry_flags(bio)
        while true {
            let count = recv(descriptor(bio), buffer, length, 0)
            if count > 0 {
                readBytes?.pointee = count
                return 1
            }
            if count == 0 {
                wp_BIO_set_eof(bio)
                return 0
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: wp_BIO_set_retry_read(bio)
            default: break
            }
            return 0
        }
    }

    private static func send(_ bio: OpaquePointer?, _ bytes: UnsafePointer<CChar>?, _ length: Int,
                             _ written: UnsafeMutablePointer<Int>?) -> Int32 {
        wp_BIO_clear_retry_flags(bio)
        while true {
            let count = wp_send_nosignal(descriptor(bio), bytes, length)
            if count >= 0 {
                written?.pointee = count
                return 1
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: wp_BIO_set_retry_write(bio)
            default: break
            }
            return 0
        }
    }

    /// Only what the TLS layer asks of a socket: flushing (nothing is buffered here) and end of input.
    private static func control(_ bio: OpaquePointer?, _ command: Int32) -> Int {
        switch command {
        case BIO_CTRL_FLUSH: return 1
        case BIO_CTRL_EOF: return Int(wp_BIO_is_eof(bio))
        default: return 0
        }
    }
}

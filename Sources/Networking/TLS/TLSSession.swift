import COpenSSL
import Glibc

/// One TLS connection over a non-blocking socket, for the server (accepting) and the Redis client
/// (connecting) alike: the `SSL` object over a `SocketBIO`, the calls that never wait, and what
/// each failure means (`SocketIO`). Each side keeps only what is its own: the server's reads of whole
/// records and its plain-HTTP answer, the client's certificate checks and its bounded handshake.
public final class TLSSession {
    public enum Role: Sendable {
        case accepting
        case connecting
    }

    /// Why a session could not be made: the OpenSSL call and its text.
    public struct SetupError: Error, Sendable, CustomStringConvertible {
        public let call: String
        public let detail: String
        public var description: String { "\(call): \(detail)" }
    }

    public let fd: Int32
    /// For what only one side configures (the client's expected server name).
    public let ssl: OpaquePointer
    /// After a fatal error OpenSSL must not be asked for a close_notify.
    public private(set) var isBroken = false

    /// A session over `fd` from `context` (an `SSL_CTX`). The caller keeps owning `fd` until
    /// `close()`, also when this throws.
    public init(fd: Int32, context: OpaquePointer, role: Role) throws(SetupError) {
        ERR_clear_error()
        guard let ssl = SSL_new(context) else { throw SetupError(call: "SSL_new", detail: OpenSSLError.drain()) }
        guard let bio = SocketBIO.shared?.make(fd: fd) else {
            SSL_free(ssl)
            throw SetupError(call: "BIO_new", detail: OpenSSLError.drain())
        }
        SSL_set_bio(ssl, bio, bio)
        switch role {
        case .accepting: SSL_set_accept_state(ssl)
        case .connecting: SSL_set_connect_state(ssl)
        }
        self.fd = fd
        self.ssl = ssl
    }

    deinit { SSL_free(ssl) }

    public var isEstablished: Bool { SSL_is_init_finished(ssl) == 1 }

    /// One step of the handshake: nil once it is done.
    public func handshake() -> SocketIO? {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        return result == 1 ? nil : outcome(of: result)
    }

    /// One `SSL_read_ex` into `count` bytes at `base` (count > 0).
    public func read(into base: UnsafeMutableRawPointer, count: Int) -> SocketIO {
        var read = 0
        ERR_clear_error()
        let result = SSL_read_ex(ssl, base, count, &read)
        return result == 1 ? .bytes(read) : outcome(of: result)
    }

    /// Input OpenSSL holds that a read would take without the socket: read-ahead bytes (whole or
    /// partial records) or the decrypted rest of a record a short read left.
    public var hasPendingInput: Bool { SSL_has_pending(ssl) == 1 }

    /// One `SSL_write_ex` of `count` bytes at `base` (count > 0); with partial writes enabled on the
    /// context, as much as the socket took. A retry must pass the same bytes again.
    public func write(_ base: UnsafeRawPointer, count: Int) -> SocketIO {
        var written = 0
        ERR_clear_error()
        let result = SSL_write_ex(ssl, base, count, &written)
        return result == 1 ? .bytes(written) : outcome(of: result)
    }

    /// Why the certificate the peer showed was refused, when it was.
    public var certificateRefusal: String? {
        let verification = SSL_get_verify_result(ssl)
        return verification == X509_V_OK ? nil : String(cString: X509_verify_cert_error_string(verification))
    }

    /// Marks the session broken, so that `close()` sends no close_notify.
    public func markBroken() { isBroken = true }

    /// Sends close_notify (without waiting for the peer's) unless the session broke, then closes
    /// the socket.
    public func close() {
        if !isBroken && isEstablished {
            ERR_clear_error()
            _ = SSL_shutdown(ssl)
            ERR_clear_error()
        }
        _ = Glibc.close(fd)
    }

    /// What a failed call (`result` ≤ 0) means; leaves OpenSSL's error queue empty.
    private func outcome(of result: Int32) -> SocketIO {
        let code = SSL_get_error(ssl, result)
        let systemError = errno
        switch code {
        case SSL_ERROR_WANT_READ:
            return .wouldBlock(untilReadable: true)
        case SSL_ERROR_WANT_WRITE:
            return .wouldBlock(untilReadable: false)
        case SSL_ERROR_ZERO_RETURN:
            return .closed
        case SSL_ERROR_SYSCALL:
            isBroken = true
            ERR_clear_error()
            return systemError == 0 ? .closed : .systemError(systemError)
        default:
            isBroken = true
            let error = ERR_peek_error()
            let plainHTTP = !isEstablished && ERR_GET_LIB(error) == ERR_LIB_SSL && ERR_GET_REASON(error) == SSL_R_HTTP_REQUEST
            return .protocolError(TLSFailure(detail: OpenSSLError.drain(), isPlainHTTPRequest: plainHTTP))
        }
    }
}

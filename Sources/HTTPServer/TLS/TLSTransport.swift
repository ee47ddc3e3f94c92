import COpenSSL
import CSystem
import Glibc

/// TLS over a non-blocking socket. The handshake is driven by the first reads; no call ever waits:
/// when OpenSSL must, the result says for which readiness, and the event loop watches for it.
final class TLSTransport: ConnectionTransport {
    /// The most plaintext one TLS record carries.
    static let recordSize = 16_384

    let fd: Int32
    private let ssl: OpaquePointer
    /// After a fatal error OpenSSL must not be asked for a close_notify.
    private var isBroken = false
    /// An end or error met after some bytes were read, reported by the next read.
    private var pendingReadOutcome: TransportResult?

    init?(fd: Int32, context: TLSContext) {
        guard let ssl = SSL_new(context.context) else { return nil }
        guard let bio = context.socketBIO.make(fd: fd) else {
            SSL_free(ssl)
            return nil
        }
        SSL_set_bio(ssl, bio, bio)
        SSL_set_accept_state(ssl)
        self.fd = fd
        self.ssl = ssl
    }

    deinit { SSL_free(ssl) }

    var isEstablished: Bool { SSL_is_init_finished(ssl) == 1 }

    /// Reads whole records while another fits in `buffer` (at least one record long), so no
    /// decrypted bytes are ever left inside OpenSSL where epoll cannot see them.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        if let pendingReadOutcome {
            self.pendingReadOutcome = nil
            return pendingReadOutcome
        }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .failed(EINVAL) }
        var total = 0
        while true {
            var count = 0
            ERR_clear_error()
            guard SSL_read_ex(ssl, base + total, buffer.count - total, &count) == 1 else {
                let outcome = outcome(reading: true)
                guard total > 0 else { return outcome }
                if case .wouldBlock = outcome {} else { pendingReadOutcome = outcome }
                return .bytes(total)
            }
            total += count
            if count < Self.recordSize || buffer.count - total < Self.recordSize { return .bytes(total) }
        }
    }

    /// Writes record by record until everything is out or the socket is full.
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        var total = 0
        while total < bytes.count {
            var count = 0
            ERR_clear_error()
            guard SSL_write_ex(ssl, base + total, bytes.count - total, &count) == 1 else {
                // A retry must start with the same bytes: the loop passes them again from `total` on.
                return total > 0 ? .bytes(total) : outcome(reading: false)
            }
            total += count
        }
        return .bytes(total)
    }

    /// Sends close_notify (without waiting for the peer's), then closes the socket.
    func close() {
        if !isBroken && isEstablished {
            ERR_clear_error()
            _ = SSL_shutdown(ssl)
            ERR_clear_error()
        }
        _ = Glibc.close(fd)
    }

    private func outcome(reading: Bool) -> TransportResult {
        // SSL_get_error needs the call's result only to tell success from failure; it failed.
        let code = SSL_get_error(ssl, 0)
        let systemError = errno
        switch code {
        case SSL_ERROR_WANT_READ:
            return .wouldBlock(until: .readable)
        case SSL_ERROR_WANT_WRITE:
            return .wouldBlock(until: .writable)
        case SSL_ERROR_ZERO_RETURN:
            return reading ? .bytes(0) : .failed(EPIPE)
        case SSL_ERROR_SYSCALL:
            isBroken = true
            ERR_clear_error()
            return reading && systemError == 0 ? .bytes(0) : .failed(systemError == 0 ? EPIPE : systemError)
        default:
            isBroken = true
            let error = ERR_peek_error()
            if !isEstablished && ERR_GET_LIB(error) == ERR_LIB_SSL && ERR_GET_REASON(error) == SSL_R_HTTP_REQUEST {
                answerPlainHTTP()
            }
            ERR_clear_error()
            return .failed(EPROTO)
        }
    }

    /// Someone typed http:// for this port: say so in plain HTTP rather than just hanging up.
    private func answerPlainHTTP() {
        let body = "400 Bad Request\nThis port speaks HTTPS: use an https:// address.\n"
        let response = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { wp_send_nosignal(fd, $0.baseAddress, $0.count) }
    }
}

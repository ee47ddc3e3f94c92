import COpenSSL
import Glibc

/// TLS over a non-blocking socket, as a client: the handshake (with the server's name or address
/// checked against its certificate) finishes in `init`, within the connect deadline.
final class TLSClientTransport: RedisTransport {
    let fd: Int32
    private let ssl: OpaquePointer
    /// After a fatal error OpenSSL must not be asked for a close_notify.
    private var isBroken = false

    /// Takes ownership of `fd`: it is closed if the handshake fails.
    init(fd: Int32, host: String, port: Int, context: RedisTLSContext, deadline: UInt64, clock: RedisClock) throws(RedisError) {
        ERR_clear_error()
        guard let ssl = SSL_new(context.context) else {
            Glibc.close(fd)
            throw .tlsSetup("SSL_new: \(OpenSSLErrorText.drain())")
        }
        guard let bio = ClientSocketBIO.shared?.make(fd: fd) else {
            SSL_free(ssl)
            Glibc.close(fd)
            throw .tlsSetup("BIO_new: \(OpenSSLErrorText.drain())")
        }
        SSL_set_bio(ssl, bio, bio)
        SSL_set_connect_state(ssl)
        self.fd = fd
        self.ssl = ssl
        do throws(RedisError) {
            try expectServer(named: host)
            try handshake(deadline: deadline, clock: clock, host: host, port: port)
        } catch {
            isBroken = true
            close()
            throw error
        }
    }

    deinit { SSL_free(ssl) }

    /// An IP address must appear among the certificate's addresses; a name among its DNS names
    /// (and goes out as SNI).
    private func expectServer(named host: String) throws(RedisError) {
        var address = in6_addr()
        let isAddress = inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        let accepted = isAddress
            ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1
            : wp_SSL_set_tlsext_host_name(ssl, host) == 1 && SSL_set1_host(ssl, host) == 1
        guard accepted else { throw .tlsSetup("cannot expect '\(host)' in the certificate: \(OpenSSLErrorText.drain())") }
    }

    private func handshake(deadline: UInt64, clock: RedisClock, host: String, port: Int) throws(RedisError) {
        while true {
            ERR_clear_error()
            let result = SSL_do_handshake(ssl)
            if result == 1 { return }
            let code = SSL_get_error(ssl, result)
            let readable: Bool
            switch code {
            case SSL_ERROR_WANT_READ: readable = true
            case SSL_ERROR_WANT_WRITE: readable = false
            default:
                let verification = SSL_get_verify_result(ssl)
                if verification != X509_V_OK {
                    ERR_clear_error()
                    throw .tls("certificate of \(host) not accepted: \(String(cString: X509_verify_cert_error_string(verification)))")
                }
                if code == SSL_ERROR_SYSCALL || code == SSL_ERROR_ZERO_RETURN {
                    ERR_clear_error()
                    throw .tls("the server closed the connection during the handshake (is it a TLS port?)")
                }
                throw .tls(OpenSSLErrorText.drain())
            }
            guard case .ready = SocketWait.wait(fd, readable: readable, writable: !readable, deadline: deadline, clock: clock) else {
                throw .connectTimeout(host: host, port: port)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportIO {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .bytes(0) }
        var count = 0
        ERR_clear_error()
        guard SSL_read_ex(ssl, base, buffer.count, &count) == 1 else { return outcome() }
        return .bytes(count)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportIO {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        var count = 0
        ERR_clear_error()
        guard SSL_write_ex(ssl, base, bytes.count, &count) == 1 else { return outcome() }
        return .bytes(count)
    }

    func close() {
        if !isBroken {
            ERR_clear_error()
            _ = SSL_shutdown(ssl)
            ERR_clear_error()
        }
        _ = Glibc.close(fd)
    }

    private func outcome() -> TransportIO {
        let code = SSL_get_error(ssl, 0)
        let systemError = errno
        switch code {
        case SSL_ERROR_WANT_READ: return .wouldBlock(untilReadable: true)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(untilReadable: false)
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            isBroken = true
            ERR_clear_error()
            return systemError == 0 || systemError == EPIPE || systemError == ECONNRESET
                ? .closed : .failed(.io(call: "TLS", code: systemError))
        default:
            isBroken = true
            return .failed(.tls(OpenSSLErrorText.drain()))
        }
    }
}

import COpenSSL
import Glibc
import Networking

/// TLS over a non-blocking socket, as a client (a `TLSSession` shared with the server): the
/// handshake, with the server's name or address checked against its certificate, finishes in
/// `init`, within the connect deadline.
final class TLSClientTransport: RedisTransport {
    let fd: Int32
    private let session: TLSSession

    /// Takes ownership of `fd`: it is closed if the handshake fails.
    init(fd: Int32, host: String, port: Int, context: RedisTLSContext, deadline: UInt64, clock: RedisClock) throws(RedisError) {
        let session: TLSSession
        do throws(TLSSession.SetupError) {
            session = try TLSSession(fd: fd, context: context.context, role: .connecting)
        } catch {
            Glibc.close(fd)
            throw .tlsSetup(error.description)
        }
        self.fd = fd
        self.session = session
        do throws(RedisError) {
            try expectServer(named: host)
            try handshake(deadline: deadline, clock: clock, host: host, port: port)
        } catch {
            session.markBroken()
            session.close()
            throw error
        }
    }

    /// An IP address must appear among the certificate's addresses; a name among its DNS names
    /// (and goes out as SNI).
    private func expectServer(named host: String) throws(RedisError) {
        let ssl = session.ssl
        var address = in6_addr()
        let isAddress = inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        let accepted = isAddress
            ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1
            : wp_SSL_set_tlsext_host_name(ssl, host) == 1 && SSL_set1_host(ssl, host) == 1
        guard accepted else { throw .tlsSetup("cannot expect '\(host)' in the certificate: \(OpenSSLError.drain())") }
    }

    private func handshake(deadline: UInt64, clock: RedisClock, host: String, port: Int) throws(RedisError) {
        while let pending = session.handshake() {
            guard case .wouldBlock(let readable) = pending else {
                if let refusal = session.certificateRefusal {
                    throw .tls("certificate of \(host) not accepted: \(refusal)")
                }
                if case .protocolError(let failure) = pending { throw .tls(failure.detail) }
                throw .tls("the server closed the connection during the handshake (is it a TLS port?)")
            }
            guard case .ready = SocketWait.wait(fd, readable: readable, writable: !readable, deadline: deadline, clock: clock) else {
                throw .connectTimeout(host: host, port: port)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportIO {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .bytes(0) }
        return TransportIO(session.read(into: base, count: buffer.count), call: "TLS")
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportIO {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        return TransportIO(session.write(base, count: bytes.count), call: "TLS")
    }

    func close() { session.close() }
}

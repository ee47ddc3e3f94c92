import COpenSSL
import Glibc
@testable import HTTPServer
import Networking
import TestSupport

/// A blocking loopback HTTPS client on OpenSSL where every read has a timeout, so a broken server
/// fails a test instead of hanging it. The handshake happens in `init`.
final class TLSTestClient {
    struct Options {
        /// Offered ALPN names; empty offers none.
        var alpn: [String] = ["http/1.1"]
        var minimumVersion: Int32 = 0
        var maximumVersion: Int32 = 0
        var ciphers: String?
        /// TLS 1.3 suites in the client's order of preference; nil keeps OpenSSL's.
        var suites: String?
        var timeoutMilliseconds = 2000
    }

    enum Failure: Error {
        case setup
        case handshake(String)
        case timedOut
        case closed
    }

    /// How the server ended the connection.
    enum Ending: Equatable {
        /// A TLS close_notify: the server shut TLS down properly.
        case closeNotify
        /// End of stream or reset without close_notify.
        case abrupt
        case stillOpen
    }

    let tcp: LoopbackClient
    private let ssl: OpaquePointer
    private var buffer: [UInt8] = []

    init(port: Int, options: Options = .init()) throws {
        tcp = try LoopbackClient(port: port, timeoutMilliseconds: options.timeoutMilliseconds)
        guard let method = SocketBIO.shared, let context = SSL_CTX_new(TLS_client_method()) else { throw Failure.setup }
        defer { SSL_CTX_free(context) }
        guard let ssl = SSL_new(context) else { throw Failure.setup }
        self.ssl = ssl
        guard let bio = method.make(fd: tcp.fd) else { throw Failure.setup }
        SSL_set_bio(ssl, bio, bio)
        if options.minimumVersion != 0 { _ = wp_SSL_set_min_proto_version(ssl, options.minimumVersion) }
        if options.maximumVersion != 0 { _ = wp_SSL_set_max_proto_version(ssl, options.maximumVersion) }
        if let ciphers = options.ciphers { _ = SSL_set_cipher_list(ssl, ciphers) }
        if let suites = options.suites { _ = SSL_set_ciphersuites(ssl, suites) }
        if !options.alpn.isEmpty {
            let wire = options.alpn.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
            _ = SSL_set_alpn_protos(ssl, wire, UInt32(wire.count))
        }
        _ = wp_SSL_set_tlsext_host_name(ssl, "localhost")
        ERR_clear_error()
        guard SSL_connect(ssl) == 1 else { throw Failure.handshake(OpenSSLError.drain()) }
    }

    deinit { SSL_free(ssl) }

    /// The protocol ALPN settled on, if any.
    var negotiatedProtocol: String? {
        var data: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    var version: Int32 { SSL_version(ssl) }

    /// The suite the server chose, by OpenSSL's name (e.g. `TLS_AES_128_GCM_SHA256`).
    var cipher: String { String(cString: SSL_CIPHER_get_name(SSL_get_current_cipher(ssl))) }

    /// The plaintext of the next TLS record alone (one `SSL_read_ex` returns at most one record).
    func readRecord() throws -> [UInt8] {
        let start = buffer.count
        try fill()
        defer { buffer.removeSubrange(start...) }
        return Array(buffer[start...])
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            var written = 0
            ERR_clear_error()
            let result = bytes.withUnsafeBytes { SSL_write_ex(ssl, $0.baseAddress! + offset, bytes.count - offset, &written) }
            guard result == 1 else {
                _ = OpenSSLError.drain()
                throw Failure.closed
            }
            offset += written
        }
    }

    /// Reads one response (not to HEAD).
    func readResponse() throws -> TestResponse {
        while true {
            if let response = try TestResponse.parse(&buffer) { return response }
            try fill()
        }
    }

    /// Reads until the server ends the connection or the read timeout passes.
    func ending() -> Ending {
        while true {
            do {
                try fill()
            } catch Failure.timedOut {
                return .stillOpen
            } catch {
                return SSL_get_shutdown(ssl) & SSL_RECEIVED_SHUTDOWN != 0 ? .closeNotify : .abrupt
            }
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        ERR_clear_error()
        let result = chunk.withUnsafeMutableBytes { SSL_read_ex(ssl, $0.baseAddress, $0.count, &count) }
        guard result == 1 else {
            let error = SSL_get_error(ssl, 0)
            _ = OpenSSLError.drain()
            throw error == SSL_ERROR_WANT_READ ? Failure.timedOut : Failure.closed
        }
        buffer.append(contentsOf: chunk[..<count])
    }
}

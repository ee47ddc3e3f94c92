import COpenSSL
import Glibc
import Networking

/// The server's OpenSSL context: certificate, key and policy, loaded and checked once at start-up,
/// then shared by every event loop (creating connections from a configured context is thread-safe).
final class TLSContext: @unchecked Sendable {
    /// TLS 1.3 suites, OpenSSL's three, in the server's order of preference (see `configure`).
    static let tls13Suites = "TLS_AES_128_GCM_SHA256:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384"
    /// TLS 1.2 suites with forward secrecy and authenticated encryption, in the server's order of preference.
    static let tls12Ciphers = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
        + "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
        + "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"

    let context: OpaquePointer
    let handshakeTimeout: UInt64

    init(configuration: TLSConfiguration) throws(TLSConfiguration.Error) {
        let certificatePath = configuration.certificatePath
        let keyPath = configuration.privateKeyPath
        if let reason = Self.unreadableReason(certificatePath) {
            throw .unreadableCertificate(path: certificatePath, reason: reason)
        }
        if let reason = Self.unreadableReason(keyPath) {
            throw .unreadablePrivateKey(path: keyPath, reason: reason)
        }
        let context: OpaquePointer
        switch TLSContextPolicy.makeContext(for: .accepting) {
        case .success(let made): context = made
        case .failure(let error): throw .setupFailed(error.description)
        }
        if let error = Self.configure(context, with: configuration) {
            SSL_CTX_free(context)
            throw error
        }
        self.context = context
        self.handshakeTimeout = configuration.handshakeTimeout.nanoseconds
    }

    deinit { SSL_CTX_free(context) }

    private static func configure(_ context: OpaquePointer, with configuration: TLSConfiguration) -> TLSConfiguration.Error? {
        // Beyond the shared policy (TLSContextPolicy): TLS 1.3 at most, the TLS 1.2 suites above.
        guard wp_SSL_CTX_set_max_proto_version(context, TLS1_3_VERSION) == 1,
              SSL_CTX_set_cipher_list(context, tls12Ciphers) == 1,
              SSL_CTX_set_ciphersuites(context, tls13Suites) == 1
        else { return .setupFailed(OpenSSLError.drain()) }
        // The server's order decides, AES-128-GCM first: browsers already pick it, while OpenSSL
        // clients list AES-256-GCM first (40% more AES rounds for every byte of every page). A client
        // that puts ChaCha20 first (one without AES instructions, as phones may be) still gets it.
        SSL_CTX_set_options(context, WP_SSL_OP_CIPHER_SERVER_PREFERENCE | WP_SSL_OP_PRIORITIZE_CHACHA)
        // A peer closing without close_notify reads as end of input: HTTP frames its own messages.
        SSL_CTX_set_options(context, WP_SSL_OP_IGNORE_UNEXPECTED_EOF)
        wp_SSL_CTX_set_release_buffers(context)
        // A request in one recv, not its record's header and then its body (TLSTransport.read).
        wp_SSL_CTX_set_read_ahead(context)
        // Without this an encrypted key makes OpenSSL prompt on the terminal and start-up hangs.
        SSL_CTX_set_default_passwd_cb(context, Self.refusePassphrase)
        SSL_CTX_set_alpn_select_cb(context, Self.selectProtocol, nil)

        guard SSL_CTX_use_certificate_chain_file(context, configuration.certificatePath) == 1 else {
            return .invalidCertificate(path: configuration.certificatePath, openSSL: OpenSSLError.drain())
        }
        guard SSL_CTX_use_PrivateKey_file(context, configuration.privateKeyPath, SSL_FILETYPE_PEM) == 1 else {
            // A key of the certificate's type but another pair is refused here already.
            let code = ERR_peek_error()
            let mismatch = ERR_GET_LIB(code) == ERR_LIB_X509 && ERR_GET_REASON(code) == X509_R_KEY_VALUES_MISMATCH
            let detail = OpenSSLError.drain()
            return mismatch
                ? .keyDoesNotMatchCertificate(
                    certificatePath: configuration.certificatePath, privateKeyPath: configuration.privateKeyPath, openSSL: detail)
                : .invalidPrivateKey(path: configuration.privateKeyPath, openSSL: detail)
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            return .keyDoesNotMatchCertificate(
                certificatePath: configuration.certificatePath, privateKeyPath: configuration.privateKeyPath,
                openSSL: OpenSSLError.drain())
        }
        return nil
    }

    /// Why `path` cannot be read as a file, or nil when it can.
    private static func unreadableReason(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return String(cString: strerror(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        return nil
    }

    private static let refusePassphrase: @convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32 = {
        _, _, _, _ in 0
    }

    /// ALPN: HTTP/1.1 or nothing. A client offering only other protocols gets the fatal
    /// `no_application_protocol` alert RFC 7301 asks for; one offering none is served as HTTP/1.1.
    private static let selectProtocol: @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<UInt8>?,
        UnsafePointer<UInt8>?, UInt32, UnsafeMutableRawPointer?
    ) -> Int32 = { _, selected, selectedLength, offered, offeredLength, _ in
        guard let selected, let selectedLength, let offered,
              let start = TLSContext.offsetOfHTTP11(in: UnsafeBufferPointer(start: offered, count: Int(offeredLength)))
        else { return SSL_TLSEXT_ERR_ALERT_FATAL }
        // OpenSSL copies the selection before the offered list goes away.
        selected.pointee = offered + start
        selectedLength.pointee = UInt8(TLSContext.http11.count)
        return SSL_TLSEXT_ERR_OK
    }

    static let http11: [UInt8] = Array("http/1.1".utf8)

    /// Where the name `http/1.1` starts in an ALPN list (names each preceded by a length byte), if offered.
    static func offsetOfHTTP11(in list: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < list.count {
            let start = index + 1
            let end = start + Int(list[index])
            guard end > start, end <= list.count else { return nil }
            if list[start..<end].elementsEqual(http11) { return start }
            index = end
        }
        return nil
    }
}

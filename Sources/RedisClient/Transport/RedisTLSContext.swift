import COpenSSL
import Glibc
import Networking

/// The client's OpenSSL context for `rediss://`: TLS 1.2 or later, the server's certificate
/// verified against the CA file or the system store. Built once per pool; making connections from
/// it is thread-safe.
final class RedisTLSContext: @unchecked Sendable {
    let context: OpaquePointer

    init(caFilePath: String?) throws(RedisError) {
        ERR_clear_error()
        guard SocketBIO.shared != nil else { throw .tlsSetup("BIO_meth_new: \(OpenSSLError.drain())") }
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw .tlsSetup("SSL_CTX_new: \(OpenSSLError.drain())") }
        guard wp_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            SSL_CTX_free(context)
            throw .tlsSetup(OpenSSLError.drain())
        }
        SSL_CTX_set_options(context, WP_SSL_OP_NO_COMPRESSION | WP_SSL_OP_NO_RENEGOTIATION)
        wp_SSL_CTX_set_partial_writes(context)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        let loaded: Bool
        if let caFilePath {
            guard access(caFilePath, R_OK) == 0 else {
                SSL_CTX_free(context)
                throw .tlsSetup("cannot read the CA file '\(caFilePath)': \(String(cString: strerror(errno)))")
            }
            loaded = SSL_CTX_load_verify_locations(context, caFilePath, nil) == 1
        } else {
            loaded = SSL_CTX_set_default_verify_paths(context) == 1
        }
        guard loaded else {
            let detail = OpenSSLError.drain()
            SSL_CTX_free(context)
            throw .tlsSetup("no usable CA certificates in '\(caFilePath ?? "the system store")': \(detail)")
        }
        self.context = context
    }

    deinit { SSL_CTX_free(context) }
}

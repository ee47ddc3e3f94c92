import COpenSSL
import Glibc
import Networking

/// The client's OpenSSL context for `rediss://`: the shared policy (`TLSContextPolicy`: TLS 1.2
/// or later), the server's certificate verified against the CA file or the system store. Built once per pool; making connections from
/// it is thread-safe.
final class RedisTLSContext: @unchecked Sendable {
    let context: OpaquePointer

    init(caFilePath: String?) throws(RedisError) {
        let context: OpaquePointer
        switch TLSContextPolicy.makeContext(for: .connecting) {
        case .success(let made): context = made
        case .failure(let error): throw .tlsSetup(error.description)
        }
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

import COpenSSL

/// The policy every OpenSSL context of Waypoint's starts from, server or client: TLS 1.2 or later,
/// no compression (CRIME), no renegotiation, and partial writes, since a non-blocking socket may
/// take part of a record's worth and the caller passes the rest again.
public enum TLSContextPolicy {
    /// A new context for `role` with the shared policy set, or the OpenSSL call that failed and
    /// its text. The caller owns the context (`SSL_CTX_free`).
    public static func makeContext(for role: TLSSession.Role) -> Result<OpaquePointer, TLSSession.SetupError> {
        ERR_clear_error()
        guard SocketBIO.shared != nil else { return .failure(.init(call: "BIO_meth_new", detail: OpenSSLError.drain())) }
        let method = role == .accepting ? TLS_server_method() : TLS_client_method()
        guard let context = SSL_CTX_new(method) else { return .failure(.init(call: "SSL_CTX_new", detail: OpenSSLError.drain())) }
        guard wp_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            let detail = OpenSSLError.drain()
            SSL_CTX_free(context)
            return .failure(.init(call: "SSL_CTX_set_min_proto_version", detail: detail))
        }
        SSL_CTX_set_options(context, WP_SSL_OP_NO_COMPRESSION | WP_SSL_OP_NO_RENEGOTIATION)
        wp_SSL_CTX_set_partial_writes(context)
        return .success(context)
    }
}

/// What one call on a non-blocking socket did, plain (`PlainSocket`) or through TLS (`TLSSession`).
/// Each side turns it into its own transport's result.
public enum SocketIO {
    case bytes(Int)
    /// Nothing moves until the socket is readable (or, when false, writable) again. TLS may have
    /// to write while reading (a handshake flight) or read while writing.
    case wouldBlock(untilReadable: Bool)
    /// The peer ended the stream: the socket's end, or TLS's close_notify.
    case closed
    /// The socket failed with this errno.
    case systemError(Int32)
    /// TLS itself failed: a bad record, a refused handshake.
    case protocolError(TLSFailure)
}

/// OpenSSL's account of a TLS failure.
public struct TLSFailure: Sendable {
    public let detail: String
    /// The peer sent a plain HTTP request to a TLS port (a server can answer it in plain text).
    public let isPlainHTTPRequest: Bool
}

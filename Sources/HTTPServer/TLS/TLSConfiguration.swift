/// Certificate and key for HTTPS. The server loads and checks them once, at `start()`, so a bad
/// file is a start-up error rather than a failure on the first connection.
public struct TLSConfiguration: Sendable {
    /// PEM: the server certificate first, then any intermediates.
    public var certificatePath: String
    /// PEM, unencrypted (an encrypted key is refused instead of prompting for a passphrase).
    public var privateKeyPath: String
    /// From accept until the handshake completes; a client that stalls in it is let go.
    public var handshakeTimeout: Duration

    public init(certificatePath: String, privateKeyPath: String, handshakeTimeout: Duration = .seconds(10)) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
        self.handshakeTimeout = handshakeTimeout
    }
}

/// Certificate and key for HTTPS. Accepted by the configuration so callers can be written now;
/// the server refuses to start with it until the TLS transport exists.
public struct TLSConfiguration: Sendable {
    public var certificatePath: String
    public var privateKeyPath: String

    public init(certificatePath: String, privateKeyPath: String) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
    }
}

extension TLSConfiguration {
    /// Why TLS could not be set up, worded for the operator reading the start-up log.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        case unreadableCertificate(path: String, reason: String)
        case unreadablePrivateKey(path: String, reason: String)
        /// The file was read, but OpenSSL found no usable certificate in it.
        case invalidCertificate(path: String, openSSL: String)
        case invalidPrivateKey(path: String, openSSL: String)
        case keyDoesNotMatchCertificate(certificatePath: String, privateKeyPath: String, openSSL: String)
        /// OpenSSL itself failed (out of memory, a broken installation).
        case setupFailed(String)

        public var description: String {
            switch self {
            case .unreadableCertificate(let path, let reason):
                "cannot read the TLS certificate '\(path)': \(reason)"
            case .unreadablePrivateKey(let path, let reason):
                "cannot read the TLS private key '\(path)': \(reason)"
            case .invalidCertificate(let path, let openSSL):
                "the TLS certificate '\(path)' is not a usable PEM certificate chain (\(openSSL))"
            case .invalidPrivateKey(let path, let openSSL):
                "the TLS private key '\(path)' is not a usable unencrypted PEM key (\(openSSL))"
            case .keyDoesNotMatchCertificate(let certificatePath, let privateKeyPath, let openSSL):
                "the TLS private key '\(privateKeyPath)' does not belong to the certificate '\(certificatePath)' (\(openSSL))"
            case .setupFailed(let detail):
                "TLS could not be set up: \(detail)"
            }
        }
    }
}

import Web

extension WaypointConfiguration {
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// `--help` was given: print `helpText` and exit successfully.
        case helpRequested
        case unknownOption(String)
        case missingValue(option: String)
        case invalidValue(source: String, value: String, expected: String)
        /// A TLS certificate without a key, or the reverse.
        case incompleteTLS
        /// A redirect port, but no HTTPS to redirect to.
        case redirectWithoutTLS
        /// A redirect port whose redirects would go to a plain-HTTP public URL, and so loop.
        case redirectToPlainPublicURL
        /// A Redis URL that does not parse; the URL itself is left out, since it may carry a password.
        case invalidRedisURL(source: String, reason: String)
        /// `--redis-ca` without a `rediss://` URL to use it for.
        case redisCAWithoutTLS

        public var description: String {
            switch self {
            case .helpRequested: "help requested"
            case .unknownOption(let option): "unknown option '\(option)'"
            case .missingValue(let option): "option '\(option)' needs a value"
            case .invalidValue(let source, let value, let expected): "invalid value '\(value)' for \(source): expected \(expected)"
            case .incompleteTLS: "TLS needs both a certificate and a key (--tls-cert and --tls-key)"
            case .redirectWithoutTLS: "--redirect-port redirects to HTTPS, which needs --tls-cert and --tls-key"
            case .redirectToPlainPublicURL: "--redirect-port redirects to --public-url, which must then be an https:// URL"
            case .invalidRedisURL(let source, let reason): "invalid Redis URL for \(source): \(reason)"
            case .redisCAWithoutTLS: "--redis-ca names certificates for TLS, which needs a rediss:// URL in --redis-url"
            }
        }
    }
}

extension RedisConfiguration {
    /// Why a Redis URL was refused, worded for the operator who typed it.
    public enum URLError: Error, Sendable, Hashable, CustomStringConvertible {
        case unsupportedScheme(String)
        case missingHost
        case invalidHost(String)
        case invalidPort(String)
        case invalidDatabase(String)
        case invalidPercentEncoding
        /// A query (`?…`) or fragment (`#…`): nothing is read from them, so they are not silently ignored.
        case unsupportedComponent(String)

        public var description: String {
            let form = "expected redis://[user:password@]host[:port][/db] or rediss://…"
            switch self {
            case .unsupportedScheme(let scheme):
                return "unsupported Redis URL scheme '\(scheme)': \(form)"
            case .missingHost:
                return "the Redis URL has no host: \(form)"
            case .invalidHost(let host):
                return "'\(host)' is not a valid Redis host name or address"
            case .invalidPort(let port):
                return "'\(port)' is not a valid Redis port (1-65535)"
            case .invalidDatabase(let database):
                return "'\(database)' is not a valid Redis database number: \(form)"
            case .invalidPercentEncoding:
                return "the Redis URL's user or password has a malformed %-escape"
            case .unsupportedComponent(let component):
                return "the Redis URL has a \(component), which this client does not read: \(form)"
            }
        }
    }
}

/// Where Redis is and how to talk to it. Usually made from a URL (`RedisConfiguration(url:)`),
/// then adjusted: timeouts, pool size, a CA file for `rediss://`.
public struct RedisConfiguration: Sendable, Hashable {
    /// A host name, an IPv4 address or an IPv6 address (without brackets).
    public var host: String
    public var port: Int
    /// An ACL user (Redis 6+); nil authenticates as `default` with `password` alone.
    public var username: String?
    public var password: String?
    /// Selected with SELECT on every new connection when not 0.
    public var database: Int
    /// `rediss://`: TLS with the server's certificate verified against `caFilePath` or the system's CAs.
    public var usesTLS: Bool
    /// PEM file of the certificates to trust for `rediss://` instead of the system store.
    public var caFilePath: String?
    /// TCP connect, TLS handshake, AUTH and SELECT together.
    public var connectTimeout: Duration
    /// Longest wait for each reply; a pipeline's clock restarts with every reply that arrives.
    public var replyTimeout: Duration
    /// Connections the pool keeps at most.
    public var poolSize: Int
    /// Longest wait for a free connection when all `poolSize` are in use.
    public var checkoutTimeout: Duration
    /// After a failed connect, new connects wait this long, doubling up to `maximumReconnectDelay`.
    public var initialReconnectDelay: Duration
    public var maximumReconnectDelay: Duration
    public var limits: RESPParser.Limits

    public init(host: String, port: Int = 6379, username: String? = nil, password: String? = nil,
                database: Int = 0, usesTLS: Bool = false, caFilePath: String? = nil,
                connectTimeout: Duration = .seconds(5), replyTimeout: Duration = .seconds(5),
                poolSize: Int = 4, checkoutTimeout: Duration = .seconds(5),
                initialReconnectDelay: Duration = .milliseconds(100), maximumReconnectDelay: Duration = .seconds(5),
                limits: RESPParser.Limits = RESPParser.Limits()) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.usesTLS = usesTLS
        self.caFilePath = caFilePath
        self.connectTimeout = connectTimeout
        self.replyTimeout = replyTimeout
        self.poolSize = poolSize
        self.checkoutTimeout = checkoutTimeout
        self.initialReconnectDelay = initialReconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
        self.limits = limits
    }

    /// The URL without the password, for logs: `redis://alice:***@cache:6379/2`.
    public var redactedURL: String {
        var text = usesTLS ? "rediss://" : "redis://"
        if username != nil || password != nil {
            text += username ?? ""
            if password != nil { text += ":***" }
            text += "@"
        }
        text += host.contains(":") ? "[\(host)]" : host
        text += ":\(port)"
        if database != 0 { text += "/\(database)" }
        return text
    }
}

import DemoData
import HTTPCore
import HTTPServer
import Log

/// Everything Waypoint needs to start: what `buildApplication` is given. The command line
/// (`WaypointCommand`) makes one from flags and environment variables; tests make their own.
public struct WaypointConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDirectory = "./data"
    /// What a new data folder is seeded with.
    public var demoData = DemoDataSet.library
    /// The seeded `demo` account's password (`WAYPOINT_DEMO_PASSWORD`); nil: see `demoPasswordChoice`.
    public var demoPassword: String?
    public var publicDirectory = "./Public"
    public var templatesDirectory = "./Templates"
    /// Template reload and near-match 404s.
    public var isDevelopment = false
    public var tlsCertificatePath: String?
    public var tlsKeyPath: String?
    /// With TLS, a plain-HTTP port whose every request is redirected to HTTPS.
    public var redirectPort: Int?
    /// PBKDF2 rounds for new password hashes; tests lower it to stay fast.
    public var passwordIterations = 600_000
    /// How much nicer than the event loops the password-hashing lane's threads run (0 to 19): above
    /// 0, pages preempt hashing on busy cores, at the cost of slower sign-ins (`.ci/bench-signin.sh`).
    public var hashingNiceness = 0
    public var logLevel: Logger.Level = .info
    /// Open connections at most; nil: the server's default (10,000), lowered to what the open-file
    /// limit allows (`main.swift` works that out). At the cap, idle keep-alive connections make room.
    public var maxConnections: Int?
    /// Open event streams (live pages) at most; nil: half the connection cap.
    public var maxStreams: Int?
    /// The origin the site is reached at (`https://example.com`): used for redirects to HTTPS and
    /// links in mails instead of the request's Host header; nil derives them from the request.
    public var publicURL: HTTPOrigin?
    /// Peers whose forwarding header (X-Forwarded-For unless `--forwarded-header` says
    /// otherwise) names the client; nobody's by default.
    public var trustedProxies = TrustedProxies()
    /// IPv6 clients are counted per block of this many leading bits (a subscriber's /64).
    public var ipv6CountingPrefix = 64
    /// Where shared state lives when several instances serve one site; nil keeps the embedded
    /// store in the data folder. Redis (`RedisState`) sets it through `redis`, its CA file
    /// (`--redis-ca`) already folded in.
    public var sharedStore: (any SharedStore)? {
        get { store?.base }
        set { store = newValue.map(EquatableSharedStore.init) }
    }
    private var store: EquatableSharedStore?
    /// How log lines are written: plain text, or one JSON object per line.
    public var logFormat: Logger.Format = .text
    /// Besides loopback, the networks that may read `/metrics`.
    public var metricsAllow: [IPNetwork] = []
    /// Seconds `/readyz` answers 503 after SIGTERM before the server stops accepting.
    public var shutdownGrace = 5

    public init() {}

    /// TLS settings when both a certificate and a key were given.
    public var tls: TLSConfiguration? {
        guard let tlsCertificatePath, let tlsKeyPath else { return nil }
        return TLSConfiguration(certificatePath: tlsCertificatePath, privateKeyPath: tlsKeyPath)
    }

    /// The `Server` header's value.
    static let serverName = "Waypoint"

    /// The server settings this configuration implies; everything else keeps the server's defaults.
    public var serverConfiguration: HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration(host: host, port: port, tls: tls, serverName: Self.serverName)
        if let maxConnections { configuration.maxConnections = maxConnections }
        configuration.trustedProxies = trustedProxies
        configuration.maxStreams = maxStreams
        return configuration
    }

    /// Settings for the plain-HTTP redirect listener, when one is wanted: one loop is plenty for 308s.
    public var redirectServerConfiguration: HTTPServer.Configuration? {
        guard let redirectPort, tls != nil else { return nil }
        return HTTPServer.Configuration(
            host: host, port: redirectPort, eventLoops: 1, maxConnections: 1024, serverName: Self.serverName)
    }
}

/// A shared store compared by what it says of itself, so the configuration stays `Equatable`.
private struct EquatableSharedStore: Sendable, Equatable {
    let base: any SharedStore

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }
}

import DemoData
import HTTPCore
import HTTPServer
import Log
import RedisClient
import RedisState
import Web

extension WaypointConfiguration {
    /// One setting: its flag, its environment variable, and how a text value is applied.
    struct Option: Sendable {
        var flag: String
        var variable: String?
        var placeholder: String?
        var defaultText: String
        var summary: String
        var apply: @Sendable (inout ParsedOptions, _ value: String, _ source: String) throws(Error) -> Void
    }

    static let options: [Option] = [
        Option(flag: "--host", variable: "HOST", placeholder: "ADDRESS", defaultText: "127.0.0.1",
               summary: "address to listen on (0.0.0.0 in a container)") { parsed, value, source throws(Error) in
            guard !value.isEmpty, !value.contains(" ") else {
                throw .invalidValue(source: source, value: value, expected: "an IP address")
            }
            parsed.configuration.host = value
        },
        Option(flag: "--port", variable: "PORT", placeholder: "NUMBER", defaultText: "8080",
               summary: "TCP port (0 picks a free one)") { parsed, value, source throws(Error) in
            parsed.configuration.port = try port(value, source)
        },
        Option(flag: "--data", variable: "WAYPOINT_DATA", placeholder: "DIR", defaultText: "./data",
               summary: "data folder, created and seeded on first start") { parsed, value, source throws(Error) in
            parsed.configuration.dataDirectory = try path(value, source)
        },
        Option(flag: "--demo-data", variable: "WAYPOINT_DEMO_DATA", placeholder: "SET", defaultText: "library",
               summary: "what a new data folder is seeded with: library, benchmark (bench/PAGE_SPEC.md), or shelfN (benchmark plus a shelf of N items, e.g. shelf100k)") {
            parsed, value, source throws(Error) in
            guard let set = DemoDataSet(rawValue: value.lowercased()) else {
                throw .invalidValue(source: source, value: value, expected: "library, benchmark or shelfN (e.g. shelf100k)")
            }
            parsed.configuration.demoData = set
        },
        Option(flag: "--public", variable: "WAYPOINT_PUBLIC", placeholder: "DIR", defaultText: "./Public",
               summary: "static files served at the site root") { parsed, value, source throws(Error) in
            parsed.configuration.publicDirectory = try path(value, source)
        },
        Option(flag: "--templates", variable: "WAYPOINT_TEMPLATES", placeholder: "DIR", defaultText: "./Templates",
               summary: "page templates") { parsed, value, source throws(Error) in
            parsed.configuration.templatesDirectory = try path(value, source)
        },
        Option(flag: "--dev", variable: "WAYPOINT_DEV", placeholder: nil, defaultText: "off",
               summary: "development mode: template reload, near-match 404s") { parsed, value, source throws(Error) in
            switch value.lowercased() {
            case "1", "true", "yes", "on": parsed.configuration.isDevelopment = true
            case "0", "false", "no", "off", "": parsed.configuration.isDevelopment = false
            default: throw .invalidValue(source: source, value: value, expected: "1 or 0")
            }
        },
        Option(flag: "--tls-cert", variable: "WAYPOINT_TLS_CERT", placeholder: "FILE", defaultText: "none",
               summary: "PEM certificate chain for HTTPS") { parsed, value, source throws(Error) in
            parsed.configuration.tlsCertificatePath = try path(value, source)
        },
        Option(flag: "--tls-key", variable: "WAYPOINT_TLS_KEY", placeholder: "FILE", defaultText: "none",
               summary: "PEM private key for HTTPS") { parsed, value, source throws(Error) in
            parsed.configuration.tlsKeyPath = try path(value, source)
        },
        Option(flag: "--redirect-port", variable: "WAYPOINT_REDIRECT_PORT", placeholder: "NUMBER", defaultText: "none",
               summary: "with TLS: plain-HTTP port that redirects (308) to HTTPS") { parsed, value, source throws(Error) in
            parsed.configuration.redirectPort = try port(value, source)
        },
        Option(flag: "--public-url", variable: "WAYPOINT_PUBLIC_URL", placeholder: "URL", defaultText: "none",
               summary: "the site's origin (https://example.com) for redirects and mail links") {
            parsed, value, source throws(Error) in
            guard let origin = HTTPOrigin(value) else {
                throw .invalidValue(source: source, value: value, expected: "an http:// or https:// origin without a path")
            }
            parsed.configuration.publicURL = origin
        },
        Option(flag: "--trusted-proxy", variable: "WAYPOINT_TRUSTED_PROXIES", placeholder: "CIDR[,CIDR]",
               defaultText: "none",
               summary: "proxies whose forwarding header (see --forwarded-header) is believed") {
            parsed, value, source throws(Error) in
            guard let proxies = TrustedProxies(list: value, header: parsed.configuration.trustedProxies.header) else {
                throw .invalidValue(source: source, value: value, expected: "IP ranges such as 10.0.0.0/8,fd00::/8")
            }
            parsed.configuration.trustedProxies = proxies
        },
        Option(flag: "--forwarded-header", variable: "WAYPOINT_FORWARDED_HEADER", placeholder: "NAME",
               defaultText: "x-forwarded-for",
               summary: "the one header the trusted proxy sets: x-forwarded-for or forwarded") {
            parsed, value, source throws(Error) in
            guard let header = ForwardedHeader(rawValue: value.lowercased()) else {
                throw .invalidValue(source: source, value: value, expected: "x-forwarded-for or forwarded")
            }
            parsed.configuration.trustedProxies = parsed.configuration.trustedProxies.believing(header)
        },
        Option(flag: "--ipv6-prefix", variable: "WAYPOINT_IPV6_PREFIX", placeholder: "BITS", defaultText: "64",
               summary: "IPv6 clients are counted (sessions, sign-in throttles) per block of this size") {
            parsed, value, source throws(Error) in
            guard let bits = Int(value), (32...128).contains(bits) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number of bits from 32 to 128")
            }
            parsed.configuration.ipv6CountingPrefix = bits
        },
        Option(flag: "--max-connections", variable: "WAYPOINT_MAX_CONNECTIONS", placeholder: "NUMBER",
               defaultText: "10000",
               summary: "open connections at most, within the open-file limit; idle ones make room") {
            parsed, value, source throws(Error) in
            guard let maximum = Int(value), (1...1_000_000).contains(maximum) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number from 1 to 1000000")
            }
            parsed.configuration.maxConnections = maximum
        },
        Option(flag: "--max-streams", variable: "WAYPOINT_MAX_STREAMS", placeholder: "NUMBER",
               defaultText: "half of --max-connections",
               summary: "open live-update streams at most; the rest of the connection cap stays for pages") {
            parsed, value, source throws(Error) in
            guard let maximum = Int(value), (0...1_000_000).contains(maximum) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number from 0 to 1000000")
            }
            parsed.configuration.maxStreams = maximum
        },
        Option(flag: "--redis-url", variable: "WAYPOINT_REDIS_URL", placeholder: "URL", defaultText: "none",
               summary: "redis:// or rediss:// URL: state shared by every instance instead of the embedded store") {
            parsed, value, source throws(Error) in
            do throws(RedisConfiguration.URLError) {
                parsed.configuration.redis = try RedisConfiguration(url: value)
            } catch {
                // The value may hold a password: the message names the problem, never the URL.
                throw .invalidRedisURL(source: source, reason: error.description)
            }
        },
        Option(flag: "--redis-ca", variable: "WAYPOINT_REDIS_CA", placeholder: "FILE", defaultText: "system CAs",
               summary: "with rediss://: PEM certificates to trust for Redis") { parsed, value, source throws(Error) in
            parsed.redisCAFile = try path(value, source)
        },
        Option(flag: "--password-iterations", variable: "WAYPOINT_PASSWORD_ITERATIONS", placeholder: "NUMBER",
               defaultText: "600000", summary: "PBKDF2 iterations for new password hashes") { parsed, value, source throws(Error) in
            guard let iterations = Int(value), (1...100_000_000).contains(iterations) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number from 1 to 100000000")
            }
            parsed.configuration.passwordIterations = iterations
        },
        Option(flag: "--hashing-niceness", variable: "WAYPOINT_HASHING_NICENESS", placeholder: "NUMBER",
               defaultText: "0", summary: "how much nicer than the event loops password hashing runs (0 to 19)") {
            parsed, value, source throws(Error) in
            guard let niceness = Int(value), (0...19).contains(niceness) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number from 0 to 19")
            }
            parsed.configuration.hashingNiceness = niceness
        },
        Option(flag: "--log-level", variable: "LOG_LEVEL", placeholder: "LEVEL", defaultText: "info",
               summary: "debug, info, warning or error") { parsed, value, source throws(Error) in
            guard let level = Logger.Level(name: value) else {
                throw .invalidValue(source: source, value: value, expected: "debug, info, warning or error")
            }
            parsed.configuration.logLevel = level
        },
        Option(flag: "--log-format", variable: "LOG_FORMAT", placeholder: "FORMAT", defaultText: "text",
               summary: "text, or json (one object per line)") { parsed, value, source throws(Error) in
            guard let format = Logger.Format(rawValue: value.lowercased()) else {
                throw .invalidValue(source: source, value: value, expected: "text or json")
            }
            parsed.configuration.logFormat = format
        },
        Option(flag: "--metrics-allow", variable: "WAYPOINT_METRICS_ALLOW", placeholder: "CIDR[,CIDR]",
               defaultText: "loopback", summary: "networks besides loopback that may read /metrics") {
            parsed, value, source throws(Error) in
            guard let networks = TrustedProxies(list: value)?.networks else {
                throw .invalidValue(source: source, value: value, expected: "IP ranges such as 10.0.0.0/8,fd00::/8")
            }
            parsed.configuration.metricsAllow = networks
        },
        Option(flag: "--shutdown-grace", variable: "WAYPOINT_SHUTDOWN_GRACE", placeholder: "SECONDS", defaultText: "5",
               summary: "after SIGTERM, seconds of /readyz 503 before the drain") { parsed, value, source throws(Error) in
            guard let seconds = Int(value), (0...3600).contains(seconds) else {
                throw .invalidValue(source: source, value: value, expected: "a whole number of seconds from 0 to 3600")
            }
            parsed.configuration.shutdownGrace = seconds
        },
    ]

    /// Builds the configuration from `arguments` (without the program name) over `environment`.
    /// Environment variables apply first, then flags, so a flag always wins.
    public static func parse(arguments: [String], environment: [String: String]) throws(Error) -> WaypointConfiguration {
        var parsed = ParsedOptions()
        for option in options {
            guard let variable = option.variable, let value = environment[variable] else { continue }
            try option.apply(&parsed, value, "environment variable \(variable)")
        }
        try parseDemoPassword(environment, into: &parsed.configuration)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { throw .helpRequested }
            let (flag, inlineValue) = split(argument)
            guard let option = options.first(where: { $0.flag == flag }) else { throw .unknownOption(argument) }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if option.placeholder == nil {
                value = "1"
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(option: flag) }
                value = arguments[index]
                index += 1
            }
            try option.apply(&parsed, value, flag)
        }
        var configuration = parsed.configuration
        guard (configuration.tlsCertificatePath == nil) == (configuration.tlsKeyPath == nil) else { throw .incompleteTLS }
        guard configuration.redirectPort == nil || configuration.tls != nil else { throw .redirectWithoutTLS }
        if let caFile = parsed.redisCAFile {
            guard configuration.redis?.usesTLS == true else { throw .redisCAWithoutTLS }
            configuration.redis?.caFilePath = caFile
        }
        guard configuration.redirectPort == nil || configuration.publicURL.map({ $0.scheme == "https" }) ?? true else {
            throw .redirectToPlainPublicURL
        }
        return configuration
    }

    /// The `--help` table.
    public static var helpText: String {
        var lines = ["Usage: waypoint [options]", "", "Each option can also be set in the environment; a flag wins.", ""]
        let rows = options.map { option -> (String, String, String, String) in
            let flag = option.placeholder.map { "\(option.flag) \($0)" } ?? option.flag
            let variable = option.variable.map { $0 + (option.placeholder == nil ? "=1" : "") } ?? ""
            return (flag, variable, option.defaultText, option.summary)
        } + [("--help", "", "", "print this table")]
        let flagWidth = rows.map(\.0.count).max() ?? 0
        let variableWidth = rows.map(\.1.count).max() ?? 0
        let defaultWidth = max(rows.map(\.2.count).max() ?? 0, "default".count)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        lines.append("  \(pad("flag", flagWidth))  \(pad("environment", variableWidth))  \(pad("default", defaultWidth))  meaning")
        for row in rows {
            lines.append("  \(pad(row.0, flagWidth))  \(pad(row.1, variableWidth))  \(pad(row.2, defaultWidth))  \(row.3)")
        }
        lines += [
            "",
            "WAYPOINT_DEMO_PASSWORD sets the password a new data folder's 'demo' administrator gets. Without it,",
            "a server listening beyond loopback makes up a random one and prints it once in the log; on loopback",
            "the demo account has the password in the README.",
            "",
            "Subcommands (see 'waypoint store --help' and 'waypoint migrate --help'):",
            "  waypoint store verify [--data DIR]  report each store file's state with byte offsets (exit 1 if damaged)",
            "  waypoint store repair [--data DIR]  keep every intact record, set damaged files aside, write a fresh store",
            "  waypoint migrate --data DIR --redis-url URL  copy a stopped embedded store into Redis (repeatable;",
            "                                     refuses, writing nothing, where Redis holds different values)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func port(_ value: String, _ source: String) throws(Error) -> Int {
        guard let port = Int(value), (0...65535).contains(port) else {
            throw .invalidValue(source: source, value: value, expected: "a port number from 0 to 65535")
        }
        return port
    }

    private static func path(_ value: String, _ source: String) throws(Error) -> String {
        guard !value.isEmpty, !value.contains("\0") else {
            throw .invalidValue(source: source, value: value, expected: "a path")
        }
        return value
    }
}

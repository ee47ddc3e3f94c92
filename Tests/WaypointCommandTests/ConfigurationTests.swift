import HTTPServer
import RedisState
import Services
import Testing
@testable import WaypointCommand
@testable import Web

@Suite struct ConfigurationTests {
    @Test func defaultsApplyWithNothingGiven() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration == WaypointConfiguration())
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.publicDirectory == "./Public")
        #expect(configuration.templatesDirectory == "./Templates")
        #expect(!configuration.isDevelopment)
        #expect(configuration.tls == nil)
        #expect(configuration.passwordIterations == 600_000)
        #expect(configuration.hashingNiceness == 0)
        #expect(configuration.logLevel == .info)
    }

    @Test func everyFlagIsRead() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [
            "--host", "0.0.0.0", "--port=9000", "--data", "/d", "--public", "/p", "--templates", "/t", "--dev",
            "--tls-cert", "c.pem", "--tls-key", "k.pem", "--password-iterations", "1000", "--log-level", "debug",
            "--hashing-niceness", "10",
        ], environment: [:])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9000)
        #expect(configuration.dataDirectory == "/d")
        #expect(configuration.publicDirectory == "/p")
        #expect(configuration.templatesDirectory == "/t")
        #expect(configuration.isDevelopment)
        #expect(configuration.tls?.certificatePath == "c.pem")
        #expect(configuration.tls?.privateKeyPath == "k.pem")
        #expect(configuration.passwordIterations == 1000)
        #expect(configuration.hashingNiceness == 10)
        #expect(configuration.logLevel == .debug)
    }

    @Test func everyVariableIsRead() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [], environment: [
            "HOST": "::1", "PORT": "0", "WAYPOINT_DATA": "/d", "WAYPOINT_PUBLIC": "/p", "WAYPOINT_TEMPLATES": "/t",
            "WAYPOINT_DEV": "1", "WAYPOINT_TLS_CERT": "c", "WAYPOINT_TLS_KEY": "k",
            "WAYPOINT_PASSWORD_ITERATIONS": "5", "LOG_LEVEL": "error", "WAYPOINT_HASHING_NICENESS": "19",
        ])
        #expect(configuration.host == "::1")
        #expect(configuration.port == 0)
        #expect(configuration.dataDirectory == "/d")
        #expect(configuration.publicDirectory == "/p")
        #expect(configuration.templatesDirectory == "/t")
        #expect(configuration.isDevelopment)
        #expect(configuration.tls != nil)
        #expect(configuration.passwordIterations == 5)
        #expect(configuration.hashingNiceness == 19)
        #expect(configuration.logLevel == .error)
    }

    @Test func aFlagWinsOverItsVariable() throws {
        let configuration = try WaypointConfiguration.parse(
            arguments: ["--port", "7000", "--log-level", "warning"], environment: ["PORT": "6000", "LOG_LEVEL": "debug"])
        #expect(configuration.port == 7000)
        #expect(configuration.logLevel == .warning)
    }

    @Test func serverSettingsFollowTheConfiguration() throws {
        let configuration = try WaypointConfiguration.parse(arguments: ["--host", "0.0.0.0", "--port", "81"], environment: [:])
        #expect(configuration.serverConfiguration.host == "0.0.0.0")
        #expect(configuration.serverConfiguration.port == 81)
    }

    @Test func helpIsRequestedAndListsEveryOption() {
        #expect(throws: WaypointConfiguration.Error.helpRequested) {
            try WaypointConfiguration.parse(arguments: ["--port", "1", "--help"], environment: [:])
        }
        for name in ["--host", "HOST", "--port", "PORT", "--data", "WAYPOINT_DATA", "--public", "WAYPOINT_PUBLIC",
                     "--templates", "WAYPOINT_TEMPLATES", "--dev", "WAYPOINT_DEV=1", "--tls-cert", "WAYPOINT_TLS_CERT",
                     "--tls-key", "WAYPOINT_TLS_KEY", "--password-iterations", "WAYPOINT_PASSWORD_ITERATIONS",
                     "600000", "--hashing-niceness", "WAYPOINT_HASHING_NICENESS", "--log-level", "LOG_LEVEL", "--help"] {
            #expect(WaypointConfiguration.helpText.contains(name), "help lacks \(name)")
        }
    }

    static let badInputs: [([String], [String: String], WaypointConfiguration.Error)] = [
        (["--port", "http"], [:], .invalidValue(source: "--port", value: "http", expected: "a port number from 0 to 65535")),
        (["--port=70000"], [:], .invalidValue(source: "--port", value: "70000", expected: "a port number from 0 to 65535")),
        ([], ["PORT": "-1"], .invalidValue(source: "environment variable PORT", value: "-1",
                                           expected: "a port number from 0 to 65535")),
        (["--log-level", "loud"], [:], .invalidValue(source: "--log-level", value: "loud",
                                                     expected: "debug, info, warning or error")),
        (["--password-iterations", "0"], [:], .invalidValue(source: "--password-iterations", value: "0",
                                                            expected: "a whole number from 1 to 100000000")),
        (["--hashing-niceness", "20"], [:], .invalidValue(source: "--hashing-niceness", value: "20",
                                                          expected: "a whole number from 0 to 19")),
        ([], ["WAYPOINT_HASHING_NICENESS": "-1"], .invalidValue(source: "environment variable WAYPOINT_HASHING_NICENESS",
                                                                value: "-1", expected: "a whole number from 0 to 19")),
        ([], ["WAYPOINT_DEV": "maybe"], .invalidValue(source: "environment variable WAYPOINT_DEV", value: "maybe",
                                                      expected: "1 or 0")),
        (["--port"], [:], .missingValue(option: "--port")),
        (["--data", "--dev"], [:], .missingValue(option: "--data")),
        (["--verbose"], [:], .unknownOption("--verbose")),
        (["serve"], [:], .unknownOption("serve")),
        (["--tls-cert", "c.pem"], [:], .incompleteTLS),
        ([], ["WAYPOINT_TLS_KEY": "k.pem"], .incompleteTLS),
    ]

    @Test(arguments: badInputs)
    func badValuesGiveAClearError(_ arguments: [String], _ environment: [String: String], _ expected: WaypointConfiguration.Error) {
        #expect(throws: expected) { try WaypointConfiguration.parse(arguments: arguments, environment: environment) }
        #expect(!expected.description.isEmpty)
    }

    @Test func theDevVariableCanBeTurnedOff() throws {
        #expect(try !WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_DEV": "0"]).isDevelopment)
    }
}

/// `--redirect-port` / `WAYPOINT_REDIRECT_PORT`: a plain-HTTP listener that only makes sense next to HTTPS.
@Suite struct RedirectPortConfigurationTests {
    static let tls = ["--tls-cert", "c.pem", "--tls-key", "k.pem"]

    @Test func theFlagSetsUpARedirectListenerBesideHTTPS() throws {
        let configuration = try WaypointConfiguration.parse(
            arguments: ["--host", "0.0.0.0", "--port", "8443", "--redirect-port", "8080"] + Self.tls, environment: [:])
        #expect(configuration.redirectPort == 8080)
        let redirect = try #require(configuration.redirectServerConfiguration)
        #expect(redirect.host == "0.0.0.0")
        #expect(redirect.port == 8080)
        #expect(redirect.tls == nil)
        #expect(configuration.serverConfiguration.port == 8443)
        #expect(configuration.serverConfiguration.tls != nil)
    }

    @Test func theVariableIsReadAndTheFlagWins() throws {
        let environment = ["WAYPOINT_REDIRECT_PORT": "8081", "WAYPOINT_TLS_CERT": "c.pem", "WAYPOINT_TLS_KEY": "k.pem"]
        #expect(try WaypointConfiguration.parse(arguments: [], environment: environment).redirectPort == 8081)
        #expect(try WaypointConfiguration.parse(arguments: ["--redirect-port=0"], environment: environment).redirectPort == 0)
    }

    @Test func withoutTheFlagThereIsNoRedirectListener() throws {
        let configuration = try WaypointConfiguration.parse(arguments: Self.tls, environment: [:])
        #expect(configuration.redirectPort == nil)
        #expect(configuration.redirectServerConfiguration == nil)
    }

    static let badInputs: [([String], [String: String], WaypointConfiguration.Error)] = [
        (["--redirect-port", "http"] + tls, [:], .invalidValue(
            source: "--redirect-port", value: "http", expected: "a port number from 0 to 65535")),
        (["--redirect-port=65536"] + tls, [:], .invalidValue(
            source: "--redirect-port", value: "65536", expected: "a port number from 0 to 65535")),
        (tls, ["WAYPOINT_REDIRECT_PORT": "-1"], .invalidValue(
            source: "environment variable WAYPOINT_REDIRECT_PORT", value: "-1", expected: "a port number from 0 to 65535")),
        (tls, ["WAYPOINT_REDIRECT_PORT": ""], .invalidValue(
            source: "environment variable WAYPOINT_REDIRECT_PORT", value: "", expected: "a port number from 0 to 65535")),
        (["--redirect-port"] + tls, [:], .missingValue(option: "--redirect-port")),
        (["--redirect-port", "8080"], [:], .redirectWithoutTLS),
        ([], ["WAYPOINT_REDIRECT_PORT": "8080"], .redirectWithoutTLS),
        (["--redirect-port", "8080", "--tls-cert", "c.pem"], [:], .incompleteTLS),
    ]

    @Test(arguments: badInputs)
    func badRedirectSettingsGiveAClearError(
        _ arguments: [String], _ environment: [String: String], _ expected: WaypointConfiguration.Error
    ) {
        #expect(throws: expected) { try WaypointConfiguration.parse(arguments: arguments, environment: environment) }
        #expect(!expected.description.isEmpty)
    }

    @Test func helpListsTheRedirectPort() {
        #expect(WaypointConfiguration.helpText.contains("--redirect-port NUMBER"))
        #expect(WaypointConfiguration.helpText.contains("WAYPOINT_REDIRECT_PORT"))
    }
}

@Suite struct RedisConfigurationOptionTests {
    @Test func noRedisURLKeepsTheEmbeddedStore() throws {
        #expect(try WaypointConfiguration.parse(arguments: [], environment: [:]).redis == nil)
    }

    @Test func theRedisURLIsReadFromTheFlagOrTheEnvironment() throws {
        let flag = try WaypointConfiguration.parse(arguments: ["--redis-url", "redis://cache:6380/2"], environment: [:])
        #expect(flag.redis?.host == "cache")
        #expect(flag.redis?.port == 6380)
        #expect(flag.redis?.database == 2)
        let variable = try WaypointConfiguration.parse(
            arguments: [], environment: ["WAYPOINT_REDIS_URL": "rediss://u:secret@cache", "WAYPOINT_REDIS_CA": "/ca.pem"])
        #expect(variable.redis?.usesTLS == true)
        #expect(variable.redis?.password == "secret")
        #expect(variable.redis?.caFilePath == "/ca.pem")
    }

    @Test func theCAFileAppliesWhicheverOrderTheFlagsCome() throws {
        let configuration = try WaypointConfiguration.parse(
            arguments: ["--redis-ca", "/ca.pem", "--redis-url", "rediss://cache"], environment: [:])
        #expect(configuration.redis?.caFilePath == "/ca.pem")
    }

    @Test func aCAFileWithoutTLSIsRefused() {
        #expect(throws: WaypointConfiguration.Error.redisCAWithoutTLS) {
            try WaypointConfiguration.parse(arguments: ["--redis-url", "redis://cache", "--redis-ca", "/ca.pem"], environment: [:])
        }
    }

    @Test func aBadRedisURLIsRefusedWithoutPrintingThePassword() {
        do {
            _ = try WaypointConfiguration.parse(arguments: ["--redis-url", "redis://user:hunter2@cache:99999"], environment: [:])
            Issue.record("the URL was accepted")
        } catch {
            #expect(error.description.contains("port"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func theHelpTableNamesTheRedisOptions() {
        #expect(WaypointConfiguration.helpText.contains("--redis-url URL"))
        #expect(WaypointConfiguration.helpText.contains("WAYPOINT_REDIS_URL"))
        #expect(WaypointConfiguration.helpText.contains("--redis-ca FILE"))
    }
}

@Suite struct OperationsConfigurationTests {
    @Test func logFormatMetricsAllowAndGraceComeFromFlagsOrEnvironment() throws {
        let fromEnvironment = try WaypointConfiguration.parse(
            arguments: [], environment: ["LOG_FORMAT": "json", "WAYPOINT_METRICS_ALLOW": "10.0.0.0/8,fd00::/8",
                                         "WAYPOINT_SHUTDOWN_GRACE": "0"])
        #expect(fromEnvironment.logFormat == .json)
        #expect(fromEnvironment.metricsAllow.map(\.description) == ["10.0.0.0/8", "fd00::/8"])
        #expect(fromEnvironment.shutdownGrace == 0)
        let defaults = try WaypointConfiguration.parse(arguments: [], environment: [:])
        #expect(defaults.logFormat == .text && defaults.metricsAllow.isEmpty && defaults.shutdownGrace == 5)
        let flag = try WaypointConfiguration.parse(arguments: ["--log-format", "text", "--shutdown-grace", "12"], environment: ["LOG_FORMAT": "json"])
        #expect(flag.logFormat == .text && flag.shutdownGrace == 12)
    }

    @Test(arguments: [["--log-format", "xml"], ["--metrics-allow", "everyone"], ["--shutdown-grace", "-1"]])
    func badOperationsValuesAreRefused(_ arguments: [String]) {
        #expect(throws: WaypointConfiguration.Error.self) { try WaypointConfiguration.parse(arguments: arguments, environment: [:]) }
    }
}

@Suite struct DemoDataConfigurationTests {
    @Test func theLibraryIsTheDefaultAndTheBenchmarkIsAChoice() throws {
        #expect(try WaypointConfiguration.parse(arguments: [], environment: [:]).demoData == .library)
        #expect(try WaypointConfiguration.parse(arguments: ["--demo-data", "benchmark"], environment: [:]).demoData == .benchmark)
        #expect(try WaypointConfiguration.parse(arguments: ["--demo-data=Benchmark"], environment: [:]).demoData == .benchmark)
        #expect(try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_DEMO_DATA": "benchmark"]).demoData == .benchmark)
        #expect(try WaypointConfiguration.parse(
            arguments: ["--demo-data", "library"], environment: ["WAYPOINT_DEMO_DATA": "benchmark"]).demoData == .library)
    }

    @Test func aShelfOfAnySizeIsAChoice() throws {
        #expect(try WaypointConfiguration.parse(arguments: ["--demo-data", "shelf100k"], environment: [:]).demoData == .shelf(100_000))
        #expect(try WaypointConfiguration.parse(arguments: ["--demo-data", "Shelf-2000"], environment: [:]).demoData == .shelf(2_000))
        #expect(try WaypointConfiguration.parse(arguments: ["--demo-data", "shelf1m"], environment: [:]).demoData == .shelf(1_000_000))
        for refused in ["shelf", "shelfk", "shelf1.5", "shelf20m", "shelf١٢"] {
            #expect(throws: WaypointConfiguration.Error.self) {
                try WaypointConfiguration.parse(arguments: ["--demo-data", refused], environment: [:])
            }
        }
    }

    @Test func anUnknownDataSetIsRefused() {
        #expect(throws: WaypointConfiguration.Error.invalidValue(
            source: "environment variable WAYPOINT_DEMO_DATA", value: "huge", expected: "library, benchmark or shelfN (e.g. shelf100k)")) {
            try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_DEMO_DATA": "huge"])
        }
    }

    @Test func theHelpTableNamesTheOption() {
        #expect(WaypointConfiguration.helpText.contains("--demo-data SET"))
        #expect(WaypointConfiguration.helpText.contains("WAYPOINT_DEMO_DATA"))
        #expect(WaypointConfiguration.helpText.contains("benchmark"))
    }
}

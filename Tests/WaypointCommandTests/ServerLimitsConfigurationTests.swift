import HTTPCore
import HTTPServer
import Testing
@testable import WaypointCommand
@testable import Web

/// `--max-connections` and `--public-url`: the connection cap and the origin used for redirects.
@Suite struct ServerLimitsConfigurationTests {
    @Test func theConnectionCapKeepsTheServersDefaultUntilGiven() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration.maxConnections == nil)
        #expect(configuration.serverConfiguration.maxConnections == 10_000)
    }

    @Test func theConnectionCapIsReadFromTheFlagOrTheVariable() throws {
        let fromFlag = try WaypointConfiguration.parse(arguments: ["--max-connections", "4"], environment: [:])
        #expect(fromFlag.maxConnections == 4)
        #expect(fromFlag.serverConfiguration.maxConnections == 4)
        let fromVariable = try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_MAX_CONNECTIONS": "20000"])
        #expect(fromVariable.serverConfiguration.maxConnections == 20_000)
        let flagWins = try WaypointConfiguration.parse(
            arguments: ["--max-connections=7"], environment: ["WAYPOINT_MAX_CONNECTIONS": "20000"])
        #expect(flagWins.maxConnections == 7)
    }

    @Test func thePublicURLIsReadAsAnOrigin() throws {
        let configuration = try WaypointConfiguration.parse(
            arguments: ["--public-url", "HTTPS://Example.com:443/"], environment: [:])
        #expect(configuration.publicURL?.description == "https://example.com")
        let fromVariable = try WaypointConfiguration.parse(
            arguments: [], environment: ["WAYPOINT_PUBLIC_URL": "http://localhost:8080"])
        #expect(fromVariable.publicURL?.description == "http://localhost:8080")
        #expect(try WaypointConfiguration.parse(arguments: [], environment: [:]).publicURL == nil)
    }

    @Test func anHTTPSPublicURLMayBeTheRedirectTarget() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [
            "--tls-cert", "c", "--tls-key", "k", "--redirect-port", "8080", "--public-url", "https://example.com",
        ], environment: [:])
        #expect(configuration.publicURL?.scheme == "https")
        #expect(configuration.redirectServerConfiguration != nil)
    }

    static let originExpected = "an http:// or https:// origin without a path"
    static let countExpected = "a whole number from 1 to 1000000"
    static let badInputs: [([String], [String: String], WaypointConfiguration.Error)] = [
        (["--max-connections", "0"], [:], .invalidValue(source: "--max-connections", value: "0", expected: countExpected)),
        (["--max-connections", "many"], [:], .invalidValue(source: "--max-connections", value: "many", expected: countExpected)),
        ([], ["WAYPOINT_MAX_CONNECTIONS": "-5"], .invalidValue(
            source: "environment variable WAYPOINT_MAX_CONNECTIONS", value: "-5", expected: countExpected)),
        (["--max-connections"], [:], .missingValue(option: "--max-connections")),
        (["--public-url", "example.com"], [:], .invalidValue(source: "--public-url", value: "example.com", expected: originExpected)),
        (["--public-url", "https://example.com/app"], [:], .invalidValue(
            source: "--public-url", value: "https://example.com/app", expected: originExpected)),
        (["--public-url", "https://example.com?x=1"], [:], .invalidValue(
            source: "--public-url", value: "https://example.com?x=1", expected: originExpected)),
        (["--public-url", "ftp://example.com"], [:], .invalidValue(
            source: "--public-url", value: "ftp://example.com", expected: originExpected)),
        ([], ["WAYPOINT_PUBLIC_URL": "https://ev il"], .invalidValue(
            source: "environment variable WAYPOINT_PUBLIC_URL", value: "https://ev il", expected: originExpected)),
        (["--tls-cert", "c", "--tls-key", "k", "--redirect-port", "8080", "--public-url", "http://example.com"], [:],
         .redirectToPlainPublicURL),
    ]

    @Test(arguments: badInputs)
    func badValuesGiveAClearError(_ arguments: [String], _ environment: [String: String], _ expected: WaypointConfiguration.Error) {
        #expect(throws: expected) { try WaypointConfiguration.parse(arguments: arguments, environment: environment) }
        #expect(!expected.description.isEmpty)
    }

    @Test func helpListsBothFlags() {
        for name in ["--max-connections NUMBER", "WAYPOINT_MAX_CONNECTIONS", "--public-url URL", "WAYPOINT_PUBLIC_URL"] {
            #expect(WaypointConfiguration.helpText.contains(name), "help lacks \(name)")
        }
    }
}

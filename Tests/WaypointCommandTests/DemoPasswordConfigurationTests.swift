import DemoData
import Services
import Testing
@testable import WaypointCommand
@testable import Web

/// The README's demo password is for local play: beyond loopback a new folder's administrator
/// gets a random password unless the operator sets `WAYPOINT_DEMO_PASSWORD`.
@Suite struct DemoPasswordConfigurationTests {
    @Test(arguments: ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
    func onLoopbackTheREADMEsPasswordIsKept(host: String) throws {
        let configuration = try WaypointConfiguration.parse(arguments: ["--host", host], environment: [:])
        #expect(configuration.demoPasswordChoice == .published)
    }

    @Test(arguments: ["0.0.0.0", "::", "192.0.2.7"])
    func beyondLoopbackTheDemoPasswordIsRandom(host: String) throws {
        let configuration = try WaypointConfiguration.parse(arguments: ["--host", host], environment: [:])
        #expect(configuration.demoPasswordChoice == .random)
    }

    @Test func theContainersEnvironmentGetsARandomOne() throws {
        let configuration = try WaypointConfiguration.parse(arguments: [], environment: ["HOST": "0.0.0.0"])
        #expect(configuration.demoPasswordChoice == .random)
    }

    @Test func anOperatorsPasswordWinsEverywhere() throws {
        let configuration = try WaypointConfiguration.parse(
            arguments: ["--host", "0.0.0.0"], environment: ["WAYPOINT_DEMO_PASSWORD": "correct horse"])
        #expect(configuration.demoPasswordChoice == .given("correct horse"))
    }

    @Test func aTooShortOperatorsPasswordIsRefusedWithoutEchoingIt() {
        #expect {
            _ = try WaypointConfiguration.parse(arguments: [], environment: ["WAYPOINT_DEMO_PASSWORD": "short"])
        } throws: { error in
            !"\(error)".contains("short") && "\(error)".contains("WAYPOINT_DEMO_PASSWORD")
        }
    }
}

import DemoData
import Services

extension WaypointConfiguration {
    /// The environment variable naming the seeded `demo` account's password (never a flag: a
    /// flag shows in the process list).
    static let demoPasswordVariable = "WAYPOINT_DEMO_PASSWORD"

    /// Whether the server listens only on a loopback address, where nobody else can reach it.
    public var listensOnLoopbackOnly: Bool {
        let address = host.lowercased()
        return address == "localhost" || address == "::1" || address == "[::1]" || address.hasPrefix("127.")
    }

    /// The published demo password is for local play only: beyond loopback a new data folder's
    /// `demo` administrator gets a random one (printed once) unless the operator chose one.
    public var demoPasswordChoice: DemoPassword {
        if let demoPassword { return .given(demoPassword) }
        return listensOnLoopbackOnly ? .published : .random
    }

    static func parseDemoPassword(_ environment: [String: String], into configuration: inout WaypointConfiguration) throws(Error) {
        guard let value = environment[demoPasswordVariable] else { return }
        guard value.count >= 8, value.count <= 128 else {
            throw .invalidValue(source: "environment variable \(demoPasswordVariable)", value: "(hidden)", expected: "8 to 128 characters")
        }
        configuration.demoPassword = value
    }
}

import Web

extension WaypointConfiguration {
    /// The environment variable naming the seeded `demo` account's password (never a flag: a
    /// flag shows in the process list).
    static let demoPasswordVariable = "WAYPOINT_DEMO_PASSWORD"

    static func parseDemoPassword(_ environment: [String: String], into configuration: inout WaypointConfiguration) throws(Error) {
        guard let value = environment[demoPasswordVariable] else { return }
        guard value.count >= 8, value.count <= 128 else {
            throw .invalidValue(source: "environment variable \(demoPasswordVariable)", value: "(hidden)", expected: "8 to 128 characters")
        }
        configuration.demoPassword = value
    }
}

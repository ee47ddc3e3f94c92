import Services

/// The seeded `demo` administrator's password. The published one is for local play only: a
/// server reachable beyond loopback gets a random one (printed once, when the folder is seeded)
/// unless the operator chose one.
public enum DemoPassword: Sendable, Equatable {
    /// `DemoData.password`, as the README says.
    case published
    /// Chosen by the operator (`WAYPOINT_DEMO_PASSWORD`); never logged.
    case given(String)
    /// Made up at seeding and printed once in the log.
    case random

    /// The password to seed with, and whether the log must show it.
    func resolve() -> (password: String, print: Bool) {
        switch self {
        case .published: (DemoData.password, false)
        case .given(let password): (password, false)
        case .random: (ByteEncoding.hex(SecureRandom.bytes(12)), true)
        }
    }
}

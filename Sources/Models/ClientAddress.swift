/// Where a request came from, as far as Waypoint can tell: the peer's address, or the one a
/// trusted proxy forwarded. Throttles count attempts per client, so it travels with each form
/// submission as an argument.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// Who sent a request, as far as the account throttles care: the address it came from (the peer,
/// or the one a trusted proxy forwarded) and the account this browser last signed in to, if any.
/// Travels with each form submission as an argument.
public struct Client: Hashable, Sendable, CustomStringConvertible {
    public var address: String
    /// The username this browser signed in with before: a known device is not slowed down by
    /// guesses at that account from elsewhere.
    public var knownUsername: String?

    public init(address: String, knownUsername: String? = nil) {
        self.address = address
        self.knownUsername = knownUsername
    }

    public var description: String { address }

    /// Whether this browser signed in as `username` before (usernames compare case-insensitively).
    public func isKnownDevice(for username: String) -> Bool {
        knownUsername.map { $0.lowercased() == username.lowercased() } ?? false
    }
}

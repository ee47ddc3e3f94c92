/// A sign-in a form asks for, as a value: the username and password a view model validated, and
/// who sent them (for the throttles). Whoever runs the request makes it: on the embedded store one
/// blocking call on the hashing lane (the throttles, the hash, the count); with Redis the
/// throttles are asked and counted on the request's event loop, parked, and only the hash runs on
/// the hashing lane. No view model or coordinator waits for either.
public struct SignInAttempt: Sendable {
    public var username: String
    public var password: String
    public var client: Client

    public init(username: String, password: String, client: Client) {
        self.username = username
        self.password = password
        self.client = client
    }

    /// Whether the browser signed in to this account before (not slowed down by others' guesses).
    public var isKnownDevice: Bool { client.isKnownDevice(for: username) }
}

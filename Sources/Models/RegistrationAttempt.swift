/// A registration a form asks for, as a value: the username, email and password a view model
/// validated, and who sent them (for the throttle). On the embedded store one blocking call on the
/// hashing lane makes it; with Redis the throttle, the claims and the write go through the
/// request's event loop, parked, and only the hash runs on the hashing lane.
public struct RegistrationAttempt: Sendable {
    public var username: String
    public var email: String
    public var password: String
    public var client: Client

    public init(username: String, email: String, password: String, client: Client) {
        self.username = username
        self.email = email
        self.password = password
        self.client = client
    }
}

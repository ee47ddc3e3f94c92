/// A new password a reset link's form asks for, as a value: the link's token and the password a
/// view model validated, and who sent them (for the throttle on bad tokens). On the embedded store
/// one blocking call on the hashing lane makes it; with Redis the throttle, the token's read and
/// the account's write go through the request's event loop, parked, and only the hash runs on the
/// hashing lane.
public struct PasswordResetAttempt: Sendable {
    public var token: String
    public var newPassword: String
    public var client: Client

    public init(token: String, newPassword: String, client: Client) {
        self.token = token
        self.newPassword = newPassword
        self.client = client
    }
}

import Models

/// The accounts as one client sees them: every operation a stranger can start (sign-in,
/// registration, reset requests and reset submissions) goes through the throttles keyed by this
/// client's address. Made per form submission (`ThrottledAccounts.accounts(for:)`), so the address
/// is an argument, never ambient state.
public struct ClientAccounts: AccountRepository {
    let throttled: ThrottledAccounts
    public let client: Client

    public func authenticate(username: String, password: String) throws -> User {
        try throttled.authenticate(
            username: username, password: password, clientAddress: client.address,
            isKnownDevice: client.isKnownDevice(for: username))
    }

    public func register(username: String, email: String, password: String) throws -> User {
        try throttled.register(username: username, email: email, password: password, clientAddress: client.address)
    }

    public func user(_ id: UserID) -> User? {
        throttled.accounts.user(id)
    }

    public func requestPasswordReset(email: String) throws {
        try throttled.requestPasswordReset(email: email, clientAddress: client.address)
    }

    public func resetPassword(token: String, newPassword: String) throws -> User {
        try throttled.resetPassword(token: token, newPassword: newPassword, clientAddress: client.address)
    }

    public func isResetTokenValid(_ token: String) -> Bool {
        throttled.accounts.isResetTokenValid(token)
    }

    public func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
        try throttled.accounts.saveSettings(settings, for: user)
    }
}

extension ThrottledAccounts {
    /// The accounts as `client` sees them.
    public func accounts(for client: Client) -> ClientAccounts {
        ClientAccounts(throttled: self, client: client)
    }
}

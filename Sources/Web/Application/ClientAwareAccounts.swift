import Glibc
import Models
import Services
import Synchronization

/// The accounts the coordinators see, with sign-in going through the login throttle keyed by the
/// account AND the address of the client asking.
///
/// View models call `authenticate(username:password:)` without an address, so the request's address
/// is registered for the calling thread while its form is submitted (`withClient`): a sign-in runs
/// synchronously on one worker thread, which makes the thread a faithful key for the request.
final class ClientAwareAccounts: AccountRepository {
    private let accounts: any AccountRepository
    private let login: ThrottledLogin
    private let clients = Mutex<[UInt: String]>([:])

    init(accounts: any AccountRepository, login: ThrottledLogin) {
        self.accounts = accounts
        self.login = login
    }

    /// Runs `body` with `address` as the client of every sign-in made on this thread meanwhile.
    func withClient<Result>(_ address: String, _ body: () throws -> Result) rethrows -> Result {
        let thread = UInt(pthread_self())
        clients.withLock { $0[thread] = address }
        defer { clients.withLock { _ = $0.removeValue(forKey: thread) } }
        return try body()
    }

    func authenticate(username: String, password: String) throws -> User {
        let thread = UInt(pthread_self())
        let address = clients.withLock { $0[thread] } ?? "unknown"
        return try login.authenticate(username: username, password: password, clientAddress: address)
    }

    func register(username: String, email: String, password: String) throws -> User {
        try accounts.register(username: username, email: email, password: password)
    }

    func user(_ id: UserID) -> User? {
        accounts.user(id)
    }

    func requestPasswordReset(email: String) throws {
        try accounts.requestPasswordReset(email: email)
    }

    func resetPassword(token: String, newPassword: String) throws -> User {
        try accounts.resetPassword(token: token, newPassword: newPassword)
    }

    func isResetTokenValid(_ token: String) -> Bool {
        accounts.isResetTokenValid(token)
    }

    func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
        try accounts.saveSettings(settings, for: user)
    }
}

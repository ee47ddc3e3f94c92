import Glibc
import Models
import Services
import Synchronization

/// The accounts the coordinators see, with every operation a stranger can start (sign-in,
/// registration, reset requests and reset submissions) going through the throttles keyed by the
/// address of the client asking.
///
/// View models call the repository without an address, so the request's address is registered for
/// the calling thread while its form is submitted (`withClient`): a submission runs synchronously on
/// one worker thread, which makes the thread a faithful key for the request.
final class ClientAwareAccounts: AccountRepository {
    private let throttled: ThrottledAccounts
    private let clients = Mutex<[UInt: String]>([:])

    init(_ throttled: ThrottledAccounts) {
        self.throttled = throttled
    }

    /// Runs `body` with `address` as the client of every account call made on this thread meanwhile.
    func withClient<Result>(_ address: String, _ body: () throws -> Result) rethrows -> Result {
        let thread = UInt(pthread_self())
        clients.withLock { $0[thread] = address }
        defer { clients.withLock { _ = $0.removeValue(forKey: thread) } }
        return try body()
    }

    /// Calls from outside `withClient` share one key, so they are throttled together.
    private var client: String {
        let thread = UInt(pthread_self())
        return clients.withLock { $0[thread] } ?? "unknown"
    }

    func authenticate(username: String, password: String) throws -> User {
        try throttled.authenticate(username: username, password: password, clientAddress: client)
    }

    func register(username: String, email: String, password: String) throws -> User {
        try throttled.register(username: username, email: email, password: password, clientAddress: client)
    }

    func user(_ id: UserID) -> User? {
        throttled.accounts.user(id)
    }

    func requestPasswordReset(email: String) throws {
        try throttled.requestPasswordReset(email: email, clientAddress: client)
    }

    func resetPassword(token: String, newPassword: String) throws -> User {
        try throttled.resetPassword(token: token, newPassword: newPassword, clientAddress: client)
    }

    func isResetTokenValid(_ token: String) -> Bool {
        throttled.accounts.isResetTokenValid(token)
    }

    func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
        try throttled.accounts.saveSettings(settings, for: user)
    }
}

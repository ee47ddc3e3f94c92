import Models
import Synchronization

/// Accounts in memory with plain-text passwords: coordinator tests only need the outcomes.
final class FakeAccounts: AccountRepository {
    private struct Account {
        var user: User
        var password: String
    }

    private let accounts = Mutex<[Account]>([])
    /// When set, saving settings is refused as throttled with this wait.
    let settingsThrottle = Mutex<Int?>(nil)

    init(users: [(User, String)] = [(User(id: UserID("u1"), username: "ada", email: "ada@example.com"), "correct-horse")]) {
        accounts.withLock { $0 = users.map { Account(user: $0.0, password: $0.1) } }
    }

    func register(username: String, email: String, password: String) throws -> User {
        try accounts.withLock { accounts in
            if accounts.contains(where: { $0.user.username == username }) { throw AccountError.usernameTaken }
            if accounts.contains(where: { $0.user.email == email }) { throw AccountError.emailTaken }
            let user = User(id: UserID("u\(accounts.count + 1)"), username: username, email: email)
            accounts.append(Account(user: user, password: password))
            return user
        }
    }

    func authenticate(username: String, password: String) throws -> User {
        try accounts.withLock { accounts in
            guard let account = accounts.first(where: { $0.user.username == username && $0.password == password }) else {
                throw AccountError.invalidCredentials
            }
            return account.user
        }
    }

    func user(_ id: UserID) -> User? { accounts.withLock { $0.first { $0.user.id == id }?.user } }
    func requestPasswordReset(email: String) throws {}
    func resetPassword(token: String, newPassword: String) throws -> User { throw AccountError.invalidOrExpiredToken }
    func isResetTokenValid(_ token: String) -> Bool { false }

    func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
        if let seconds = settingsThrottle.withLock({ $0 }) { throw AccountError.tooManyAttempts(retryAfterSeconds: seconds) }
        return try accounts.withLock { accounts in
            guard let index = accounts.firstIndex(where: { $0.user.id == user }) else { throw AccountError.invalidCredentials }
            accounts[index].user.settings = settings
            return accounts[index].user
        }
    }
}

import Models
import Synchronization

/// Accounts in memory with plain-text passwords (tests only), a switch to simulate throttling, and a
/// record of every call so tests can prove invalid forms never reach the repository.
public final class InMemoryAccounts: AccountRepository {
    private struct Account {
        var user: User
        var password: String
    }

    private struct State {
        var accounts: [Account] = []
        var tokens: [String: UserID] = [:]
        var throttle: Int?
        var calls: [String] = []
        var outbox: [String] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Every later call fails with `tooManyAttempts(retryAfterSeconds:)`.
    public func throttle(retryAfterSeconds: Int?) { state.withLock { $0.throttle = retryAfterSeconds } }

    @discardableResult
    public func add(username: String, email: String, password: String, isAdministrator: Bool = false) -> User {
        state.withLock { state in
            let user = User(
                id: UserID("u\(state.accounts.count + 1)"), username: username, email: email, isAdministrator: isAdministrator)
            state.accounts.append(Account(user: user, password: password))
            return user
        }
    }

    public func issueToken(_ token: String, for user: UserID) { state.withLock { $0.tokens[token] = user } }

    public var calls: [String] { state.withLock { $0.calls } }
    public var outbox: [String] { state.withLock { $0.outbox } }

    public func password(of username: String) -> String? {
        state.withLock { $0.accounts.first { $0.user.username == username }?.password }
    }

    private func record(_ call: String, _ state: inout State) throws {
        state.calls.append(call)
        if let seconds = state.throttle { throw AccountError.tooManyAttempts(retryAfterSeconds: seconds) }
    }

    public func register(username: String, email: String, password: String) throws -> User {
        try state.withLock { state in
            try record("register \(username) \(email)", &state)
            if state.accounts.contains(where: { $0.user.username.lowercased() == username.lowercased() }) {
                throw AccountError.usernameTaken
            }
            if state.accounts.contains(where: { $0.user.email.lowercased() == email.lowercased() }) {
                throw AccountError.emailTaken
            }
            let user = User(id: UserID("u\(state.accounts.count + 1)"), username: username, email: email)
            state.accounts.append(Account(user: user, password: password))
            return user
        }
    }

    public func authenticate(username: String, password: String) throws -> User {
        try state.withLock { state in
            try record("authenticate \(username)", &state)
            guard let account = state.accounts.first(where: { $0.user.username == username }),
                  account.password == password
            else { throw AccountError.invalidCredentials }
            return account.user
        }
    }

    public func user(_ id: UserID) -> User? { state.withLock { $0.accounts.first { $0.user.id == id }?.user } }

    public func requestPasswordReset(email: String) throws {
        try state.withLock { state in
            try record("requestPasswordReset \(email)", &state)
            if state.accounts.contains(where: { $0.user.email == email }) { state.outbox.append(email) }
        }
    }

    public func resetPassword(token: String, newPassword: String) throws -> User {
        try state.withLock { state in
            try record("resetPassword \(token)", &state)
            guard let id = state.tokens.removeValue(forKey: token),
                  let index = state.accounts.firstIndex(where: { $0.user.id == id })
            else { throw AccountError.invalidOrExpiredToken }
            state.accounts[index].password = newPassword
            return state.accounts[index].user
        }
    }

    public func isResetTokenValid(_ token: String) -> Bool { state.withLock { $0.tokens[token] != nil } }

    public func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
        try state.withLock { state in
            try record("saveSettings \(user)", &state)
            guard let index = state.accounts.firstIndex(where: { $0.user.id == user }) else {
                throw AccountError.invalidCredentials
            }
            state.accounts[index].user.settings = settings
            return state.accounts[index].user
        }
    }
}

import Models
import Synchronization

/// Accounts in memory with plain-text passwords (tests only), a switch to simulate throttling, and a
/// record of every call so tests can prove invalid forms never reach the repository.
final class InMemoryAccounts: AccountRepository {
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

    init() {}

    /// Every later call fails with `tooManyAttempts(retryAfterSeconds:)`.
    func throttle(retryAfterSeconds: Int?) { state.withLock { $0.throttle = retryAfterSeconds } }

    @discardableResult
    func add(username: String, email: String, password: String) -> User {
        state.withLock { state in
            let user = User(id: UserID("u\(state.accounts.count + 1)"), username: username, email: email)
            state.accounts.append(Account(user: user, password: password))
            return user
        }
    }

    func issueToken(_ token: String, for user: UserID) { state.withLock { $0.tokens[token] = user } }

    var calls: [String] { state.withLock { $0.calls } }
    var outbox: [String] { state.withLock { $0.outbox } }

    func password(of username: String) -> String? {
        state.withLock { $0.accounts.first { $0.user.username == username }?.password }
    }

    private func record(_ call: String, _ state: inout State) throws {
        state.calls.append(call)
        if let seconds = state.throttle { throw AccountError.tooManyAttempts(retryAfterSeconds: seconds) }
    }

    func register(username: String, email: String, password: String) throws -> User {
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

    func authenticate(username: String, password: String) throws -> User {
        try state.withLock { state in
            try record("authenticate \(username)", &state)
            guard let account = state.accounts.first(where: { $0.user.username == username }),
                  account.password == password
            else { throw AccountError.invalidCredentials }
            return account.user
        }
    }

    func user(_ id: UserID) -> User? { state.withLock { $0.accounts.first { $0.user.id == id }?.user } }

    func requestPasswordReset(email: String) throws {
        try state.withLock { state in
            try record("requestPasswordReset \(email)", &state)
            if state.accounts.contains(where: { $0.user.email == email }) { state.outbox.append(email) }
        }
    }

    func resetPassword(token: String, newPassword: String) throws -> User {
        try state.withLock { state in
            try record("resetPassword \(token)", &state)
            guard let id = state.tokens.removeValue(forKey: token),
                  let index = state.accounts.firstIndex(where: { $0.user.id == id })
            else { throw AccountError.invalidOrExpiredToken }
            state.accounts[index].password = newPassword
            return state.accounts[index].user
        }
    }

    func isResetTokenValid(_ token: String) -> Bool { state.withLock { $0.tokens[token] != nil } }

    func saveSettings(_ settings: Settings, for user: UserID) throws -> User {
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
